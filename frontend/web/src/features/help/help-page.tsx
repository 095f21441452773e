import { useGetSiteInfo } from '@grace-stories/sdk/react';
import { ChevronDown, Clock, LifeBuoy, Mail } from 'lucide-react';
import { PageShell } from '@/components/layout/page-shell';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { useDocumentTitle } from '@/hooks/use-document-title';
import { HelpForm } from './help-form';

/** docs/product.md#screens: the three questions and their answers. */
export const FAQ: { question: string; answer: string }[] = [
  {
    question: 'How do I create my first story?',
    answer:
      'Sign up for an account and wait for an administrator to approve it. Once approved, go to your Dashboard and choose Create Story.',
  },
  {
    question: 'Why is my account pending approval?',
    answer:
      'All new accounts require approval by an administrator to keep our community safe. You will be notified once your account has been approved.',
  },
  {
    question: 'Can I upload images with my stories?',
    answer: 'Yes. You can add a thumbnail image to each of your stories to help it stand out.',
  },
];

/** /help — contact form, contact details and FAQ. */
export function HelpPage() {
  useDocumentTitle('Help Center');
  const { data: site } = useGetSiteInfo({ query: { retry: false } });

  return (
    <PageShell className="bg-gradient-to-b from-amber-50/60 to-background">
      <div className="mx-auto w-full max-w-6xl px-4 py-12 sm:px-6 lg:px-8 lg:py-16">
        <header className="mx-auto max-w-2xl text-center">
          <span className="mx-auto flex size-14 items-center justify-center rounded-full bg-amber-100 text-amber-700">
            <LifeBuoy className="size-7" aria-hidden="true" />
          </span>
          <h1 className="mt-5 font-serif text-4xl font-semibold tracking-tight text-stone-900 sm:text-5xl">
            Help Center
          </h1>
          <p className="mt-4 text-lg text-muted-foreground">
            Have a question or need a hand? Send us a message and we'll respond within 24 hours.
          </p>
        </header>

        <div className="mt-12 grid gap-8 lg:grid-cols-[1fr_20rem]">
          <Card>
            <CardHeader>
              <CardTitle className="font-serif text-2xl">Contact Support</CardTitle>
              <CardDescription>Fields marked * are required.</CardDescription>
            </CardHeader>
            <CardContent>
              <HelpForm />
            </CardContent>
          </Card>

          <aside aria-labelledby="contact-info-title">
            <Card>
              <CardHeader>
                <CardTitle id="contact-info-title">Contact Information</CardTitle>
              </CardHeader>
              <CardContent>
                <dl className="grid gap-5 text-sm">
                  <div>
                    <dt className="flex items-center gap-3 font-medium">
                      <Mail className="size-5 shrink-0 text-primary" aria-hidden="true" />
                      Email Support
                    </dt>
                    <dd className="mt-1 pl-8 break-all text-muted-foreground">
                      {site?.supportEmail ? (
                        <a
                          className="text-primary underline-offset-4 hover:underline"
                          href={`mailto:${site.supportEmail}`}
                        >
                          {site.supportEmail}
                        </a>
                      ) : (
                        '…'
                      )}
                    </dd>
                  </div>
                  <div>
                    <dt className="flex items-center gap-3 font-medium">
                      <Clock className="size-5 shrink-0 text-primary" aria-hidden="true" />
                      Response Time
                    </dt>
                    <dd className="mt-1 pl-8 text-muted-foreground">Within 24 hours</dd>
                  </div>
                </dl>
              </CardContent>
            </Card>
          </aside>
        </div>

        <section aria-labelledby="faq-title" className="mt-16">
          <h2 id="faq-title" className="font-serif text-3xl font-semibold tracking-tight text-stone-900">
            Frequently Asked Questions
          </h2>
          <div className="mt-6 divide-y divide-border rounded-2xl border border-border bg-card shadow-sm">
            {FAQ.map((item) => (
              <details key={item.question} className="group px-6 py-4">
                <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-medium marker:hidden [&::-webkit-details-marker]:hidden">
                  {item.question}
                  <ChevronDown
                    className="size-5 shrink-0 text-muted-foreground transition-transform group-open:rotate-180"
                    aria-hidden="true"
                  />
                </summary>
                <p className="mt-3 leading-7 text-muted-foreground">{item.answer}</p>
              </details>
            ))}
          </div>
        </section>
      </div>
    </PageShell>
  );
}
