//! The footer's "New stories by e-mail": loaded after the landing page's first script (the footer
//! renders it through `React.lazy`), and the form itself only once its button is pressed.
import { SubscribeReveal } from './subscribe-reveal';

export function FooterSubscribe() {
  return (
    <section aria-labelledby="footer-subscribe-title" className="mt-8 max-w-md">
      <h2 id="footer-subscribe-title" className="text-sm font-semibold tracking-wide text-white">
        New stories by e-mail
      </h2>
      <p className="mt-2 text-sm leading-6 text-stone-400">
        Each story as it is published, or a weekly or monthly digest.
      </p>
      <SubscribeReveal inverted className="mt-4" />
    </section>
  );
}
