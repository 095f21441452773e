import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** Every WCAG 2.0, 2.1 and 2.2 A and AA rule axe has. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Time spent in axe so far in this worker. */
export const axeTime = { ms: 0, runs: 0 };

/**
 * Every axe finding of those rules on the page as it stands, whatever its impact, one line
 * each: `rule (impact): help — element, element`.
 */
export async function wcagViolations(page: Page): Promise<string[]> {
  // Only violations are needed; leaving out the passes' details makes each run much faster.
  const started = Date.now();
  const results = await new AxeBuilder({ page })
    .options({ runOnly: { type: 'tag', values: WCAG_TAGS }, resultTypes: ['violations'] })
    .analyze();
  axeTime.ms += Date.now() - started;
  axeTime.runs += 1;
  return results.violations.map(
    (v) =>
      `${v.id} (${v.impact ?? 'no impact'}): ${v.help} — ${v.nodes
        .map(
          (n) =>
            `${n.target.join(' ')}${n.failureSummary ? ` [${n.failureSummary.replace(/\s+/g, ' ').slice(0, 160)}]` : ''}`,
        )
        .join(', ')}`,
  );
}
