/** /faq: the questions listeners ask, with links to the privacy page and the account settings. */
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { brand } from '../../lib/brand';
import { useDocumentTitle } from '../../lib/document-title';
import { formatMoney } from '../../lib/format';

const answerLink = 'font-semibold text-accent hover:underline';

const questions: Array<{ question: string; answer: ReactNode }> = [
  {
    question: `What is ${brand.product}?`,
    answer: `${brand.product} is the home of ${brand.labelName}: stream the label's albums, collect them as downloads, and support the artists directly.`,
  },
  {
    question: 'Is it free?',
    answer: 'Yes. Free albums stream for everyone, no account needed. A free account adds a library, favourites and a listening history.',
  },
  {
    question: `What does ${brand.productPlus} include?`,
    answer: `For ${formatMoney(brand.subscriptionMonthlyUsd)} a month: exclusive and unreleased tracks, early access to new releases, high-quality downloads, member prices on albums (30% off, ${formatMoney(9.99)} becomes ${formatMoney(6.99)}) and direct support for the artists. You can pay ${formatMoney(5)}, ${formatMoney(10)} or ${formatMoney(20)} a month; every amount gets the same benefits. Cancel anytime.`,
  },
  {
    question: 'How do I sign in?',
    answer: 'Enter your e-mail address and we send you a 6-digit code, valid for 15 minutes. There is no password to remember.',
  },
  {
    question: 'What do I get when I buy an album?',
    answer:
      'A digital album for life: MP3 and WAV files plus bonus instrumentals, together in one ZIP. Your purchases are always in Library → Downloads.',
  },
  {
    question: 'Why can’t I play an album?',
    answer: `Some albums are exclusive to ${brand.productPlus} members, some are for sale, and a few are physical albums whose streaming rights are held elsewhere: those open the streaming platforms where you can hear them.`,
  },
  {
    question: 'Are there keyboard shortcuts?',
    answer: 'Space plays or pauses, the arrows seek and change the volume, M mutes, N and P skip, and ? shows them all.',
  },
  {
    question: 'Can I install the app?',
    answer: `Yes: use your browser's "Install" or "Add to Home Screen". ${brand.product} then opens in its own window and picks up where you left off.`,
  },
];

export function FaqRoute() {
  useDocumentTitle('FAQ');
  return (
    <article className="max-w-3xl space-y-6" data-testid="faq">
      <h1 className="text-3xl font-extrabold text-zinc-50">Frequently asked questions</h1>
      <div className="divide-y divide-white/10 rounded-2xl border border-white/10">
        {questions.map(({ question, answer }) => (
          <details key={question} className="group p-4 [&_summary::-webkit-details-marker]:hidden">
            <summary className="flex cursor-pointer list-none items-center justify-between gap-4 font-semibold text-zinc-50">
              {question}
              <span aria-hidden="true" className="text-zinc-400 transition group-open:rotate-45">
                +
              </span>
            </summary>
            <p className="mt-3 text-zinc-200">{answer}</p>
          </details>
        ))}
      </div>
      <p className="text-zinc-200">
        Manage your subscription and profile in your{' '}
        <Link to="/account" className={answerLink}>
          account settings
        </Link>
        . How we handle your data is on the{' '}
        <Link to="/privacy" className={answerLink}>
          privacy page
        </Link>
        . Anything else:{' '}
        <a href={`mailto:${brand.supportEmail}`} className={answerLink}>
          {brand.supportEmail}
        </a>
        .
      </p>
    </article>
  );
}
