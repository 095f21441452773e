//! The help centre's contact form (docs/product.md#screens): e-mail, subject and message required.
import { zodResolver } from '@hookform/resolvers/zod';
import { HelpCategoryDto, schemas, useSendHelpMessage } from '@grace-stories/sdk/react';
import { Send } from 'lucide-react';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { Button } from '@/components/ui/button';
import { Form, FormControl, FormField, FormItem, FormLabel, FormMessage } from '@/components/ui/form';
import { Input } from '@/components/ui/input';
import { Textarea } from '@/components/ui/textarea';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '@/components/ui/select';
import { useAuth } from '@/hooks/use-auth';
import { toast } from '@/hooks/use-toast';
import { showMutationError } from '@/lib/api-errors';
import { emailAddress, requiredText } from '@/lib/form-rules';

/** docs/product.md#limits: the help categories and their labels, in the order the form lists them. */
export const HELP_CATEGORIES: { value: HelpCategoryDto; label: string }[] = [
  { value: HelpCategoryDto.general, label: 'General Question' },
  { value: HelpCategoryDto.technical, label: 'Technical Support' },
  { value: HelpCategoryDto.content, label: 'Content Issues' },
  { value: HelpCategoryDto.account, label: 'Account Help' },
  { value: HelpCategoryDto.feature, label: 'Feature Request' },
  { value: HelpCategoryDto.bug, label: 'Bug Report' },
];

// The server's rules and messages (domain/src/validation: Email, HelpSubject, HelpMessageBody).
const helpSchema = schemas.sendHelpMessageBody.omit({ userId: true }).extend({
  contactEmail: emailAddress(),
  subject: requiredText(255, { required: 'Subject is required', tooLong: 'Subject must be at most 255 characters' }),
  message: requiredText(10_000, {
    required: 'Message is required',
    tooLong: 'Message must be at most 10,000 characters',
  }),
  category: z.enum(HelpCategoryDto),
});
type HelpValues = z.infer<typeof helpSchema>;

/** Fields whose server errors (400) are shown under them. */
const SERVER_FIELDS = ['contactEmail', 'category', 'subject', 'message'] as const;
const REQUIRED_FIELDS = ['contactEmail', 'subject', 'message'] as const;

const EMPTY: HelpValues = { contactEmail: '', category: HelpCategoryDto.general, subject: '', message: '' };

export function HelpForm() {
  const { user } = useAuth();
  const form = useForm<HelpValues>({ resolver: zodResolver(helpSchema), defaultValues: EMPTY });
  const send = useSendHelpMessage({
    mutation: {
      onSuccess: () => {
        toast({
          title: 'Message Sent',
          description: "Your message has been sent to the administrator. We'll get back to you soon!",
        });
        form.reset(EMPTY);
      },
      // The toast of docs/product.md#errors; the server's field errors (an address it refuses) go under the fields.
      onError: (error) =>
        showMutationError(error, {
          text: 'Failed to send message. Please try again.',
          form: { setError: form.setError, fields: SERVER_FIELDS },
        }),
    },
  });

  const submit = form.handleSubmit(
    (values) => send.mutate({ data: { ...values, userId: user?.id ?? null } }),
    () => {
      // A blank required field gets the toast; a malformed one only its message under the field.
      const values = form.getValues();
      if (REQUIRED_FIELDS.some((name) => !values[name].trim())) {
        toast({
          title: 'Missing Information',
          description: 'Please fill in all required fields.',
          variant: 'destructive',
        });
      }
    },
  );

  return (
    <Form {...form}>
      <form noValidate onSubmit={submit} className="grid gap-5" aria-label="Contact support">
        <div className="grid items-start gap-5 sm:grid-cols-2">
          <FormField
            control={form.control}
            name="contactEmail"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Email Address *</FormLabel>
                <FormControl>
                  <Input type="email" autoComplete="email" maxLength={255} placeholder="you@example.com" {...field} />
                </FormControl>
                <FormMessage />
              </FormItem>
            )}
          />
          <FormField
            control={form.control}
            name="category"
            render={({ field }) => (
              <FormItem>
                <FormLabel>Category</FormLabel>
                <Select value={field.value} onValueChange={field.onChange}>
                  <FormControl>
                    <SelectTrigger className="h-10">
                      <SelectValue />
                    </SelectTrigger>
                  </FormControl>
                  <SelectContent>
                    {HELP_CATEGORIES.map((c) => (
                      <SelectItem key={c.value} value={c.value}>
                        {c.label}
                      </SelectItem>
                    ))}
                  </SelectContent>
                </Select>
                <FormMessage />
              </FormItem>
            )}
          />
        </div>
        <FormField
          control={form.control}
          name="subject"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Subject *</FormLabel>
              <FormControl>
                <Input maxLength={255} placeholder="Brief description of your question" {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <FormField
          control={form.control}
          name="message"
          render={({ field }) => (
            <FormItem>
              <FormLabel>Message *</FormLabel>
              <FormControl>
                <Textarea rows={6} placeholder="Tell us how we can help..." {...field} />
              </FormControl>
              <FormMessage />
            </FormItem>
          )}
        />
        <Button type="submit" size="lg" className="justify-self-start" disabled={send.isPending}>
          <Send aria-hidden="true" />
          {send.isPending ? 'Sending...' : 'Send Message'}
        </Button>
      </form>
    </Form>
  );
}
