//! The author's consent (docs/decisions/privacy.md): shown on this site (required), shared on
//! social media and shown in the widget (optional), under the statement text the server holds.
import { useConsentStatement } from '@grace-stories/sdk/react';
import { useId } from 'react';

export type ConsentValues = { site: boolean; social: boolean; widget: boolean };

export const NO_CONSENT: ConsentValues = { site: false, social: false, widget: false };

const USES: { key: keyof ConsentValues; label: string }[] = [
  { key: 'site', label: 'Show my story on this site (required)' },
  { key: 'social', label: "Share it on the site's social media accounts" },
  { key: 'widget', label: 'Show it in the widget other websites embed' },
];

export function ConsentChecks({
  value,
  onChange,
  disabled = false,
  required = true,
}: {
  value: ConsentValues;
  onChange: (next: ConsentValues) => void;
  disabled?: boolean;
  /** A live story's edit may leave it unticked (its earlier consent stands). */
  required?: boolean;
}) {
  const id = useId();
  const statement = useConsentStatement();
  return (
    <fieldset className="grid gap-2 rounded-md border border-border p-3 text-sm" disabled={disabled}>
      <legend className="px-1 font-medium">Your consent</legend>
      {statement.data && <p className="text-muted-foreground">{statement.data.text}</p>}
      {USES.map(({ key, label }) => (
        <div key={key} className="flex items-start gap-2">
          <input
            id={`${id}-${key}`}
            type="checkbox"
            className="mt-0.5 size-4 shrink-0 accent-primary"
            checked={value[key]}
            required={required && key === 'site'}
            onChange={(e) => onChange({ ...value, [key]: e.target.checked })}
          />
          <label htmlFor={`${id}-${key}`} className="cursor-pointer">
            {label}
          </label>
        </div>
      ))}
      {required && !value.site && (
        <p className="text-muted-foreground">You must agree to your story being shown on this site to publish it.</p>
      )}
    </fieldset>
  );
}
