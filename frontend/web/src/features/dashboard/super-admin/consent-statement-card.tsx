import { zodResolver } from '@hookform/resolvers/zod';
import {
  getConsentStatementsQueryKey,
  schemas,
  useChangeConsentStatement,
  useConsentStatements,
} from '@grace-stories/sdk/react';
import { useQueryClient } from '@tanstack/react-query';
import { FileSignature } from 'lucide-react';
import { useEffect } from 'react';
import { useForm, type Path } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Form, FormControl, FormDescription, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Textarea } from '@/components/ui/textarea';
import { toast } from '@/hooks/use-toast';
import { serverMessage, showMutationError, showServerFieldErrors } from '@/lib/api-errors';
import { formatCount, formatDateTime } from '@/lib/format';

const MAX = schemas.changeConsentStatementBodyTextMax;

const statementSchema = z.object({
  text: z
    .string()
    .trim()
    .min(1, 'The statement is required')
    .max(MAX, `The statement must be at most ${formatCount(MAX)} characters`),
});
type StatementValues = z.infer<typeof statementSchema>;
const FIELDS: readonly Path<StatementValues>[] = ['text'];

/**
 * The consent statement authors confirm when they submit or publish (docs/decisions/privacy.md):
 * the super admin changes its text here. Each save is a new version; what authors agreed to
 * before keeps the version they saw.
 */
export function ConsentStatementCard() {
  const queryClient = useQueryClient();
  const versions = useConsentStatements();
  const current = versions.data?.find((v) => !v.legacy);
  const form = useForm<StatementValues>({ resolver: zodResolver(statementSchema), defaultValues: { text: '' } });
  const { reset } = form;
  useEffect(() => {
    if (current) reset({ text: current.text });
  }, [current, reset]);
  const save = useChangeConsentStatement({
    mutation: {
      onSuccess: (made) => {
        toast({
          title: 'Consent statement saved',
          description: `Version ${made.version}: authors confirm it from now on.`,
        });
        void queryClient.invalidateQueries({ queryKey: getConsentStatementsQueryKey() });
      },
      onError: (error) => {
        if (showServerFieldErrors(error, FIELDS, form.setError) > 0) return;
        showMutationError(error, { title: 'Statement not saved', text: serverMessage(error) ?? 'Please try again.' });
      },
    },
  });

  return (
    <Card>
      <CardHeader>
        <CardTitle>Consent Statement</CardTitle>
        <CardDescription>
          What authors agree to when they submit or publish a story.{' '}
          {current
            ? `Version ${current.version}${current.createdAt ? `, saved ${formatDateTime(current.createdAt)}` : ''}.`
            : null}{' '}
          A change makes a new version; authors who agreed before keep the version they saw.
        </CardDescription>
      </CardHeader>
      <CardContent>
        {versions.isError ? (
          <p role="alert" className="text-sm text-destructive">
            The statement could not be loaded. Please try again.
          </p>
        ) : (
          <Form {...form}>
            <form
              noValidate
              aria-label="Consent statement"
              className="grid gap-4"
              onSubmit={form.handleSubmit(({ text }) => save.mutate({ data: { text } }))}
            >
              <FormField
                control={form.control}
                name="text"
                render={({ field }) => (
                  <FormItem>
                    <FormLabel>Statement text</FormLabel>
                    <FormControl>
                      <Textarea rows={6} disabled={versions.isPending} {...field} />
                    </FormControl>
                    <FormDescription>Shown above the consent boxes of the story form.</FormDescription>
                    <FormMessage />
                  </FormItem>
                )}
              />
              <Button
                type="submit"
                className="justify-self-start"
                disabled={save.isPending || versions.isPending || !form.formState.isDirty}
              >
                <FileSignature aria-hidden="true" />
                {save.isPending ? 'Saving...' : 'Save as a new version'}
              </Button>
            </form>
          </Form>
        )}
      </CardContent>
    </Card>
  );
}
