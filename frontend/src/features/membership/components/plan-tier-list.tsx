/** The three Toko+ amounts as cards, each with its own choose button; every amount gets the same benefits. */
import { Check, Crown } from 'lucide-react';
import { cx } from '../../../lib/class-names';
import { formatMoney } from '../../../lib/format';
import { Button } from '../../../ui/button';
import { planTiers, plusBenefits, type PlanAmount } from '../plans';

export const perMonth = (amount: number) => `${formatMoney(amount)}/month`;

/** What Toko+ brings, ticked off; `className` sets the list's type size and spacing (`large` for base-size text). */
export function PlusBenefits({ className, large = false }: { className: string; large?: boolean }) {
  return (
    <ul className={className}>
      {plusBenefits.map((benefit) => (
        <li key={benefit} className="flex items-start gap-2">
          <Check aria-hidden="true" className={cx('size-4 shrink-0 text-accent', large ? 'mt-1' : 'mt-0.5')} />
          {benefit}
        </li>
      ))}
    </ul>
  );
}

interface PlanTierListProps {
  /** Without it the cards only show the amounts (a guest who still has to sign up). */
  onChoose?: (amount: PlanAmount) => void;
  /** The amount being started, whose button says so; all buttons wait meanwhile. */
  busyAmount?: PlanAmount | null;
  /** Compact cards for the overlay: no benefits list. */
  compact?: boolean;
}

export function PlanTierList({ onChoose, busyAmount = null, compact = false }: PlanTierListProps) {
  return (
    <ul className={cx('grid gap-3', compact ? 'grid-cols-1' : 'sm:grid-cols-3')} data-testid="plan-tiers">
      {planTiers.map((tier) => (
        <li
          key={tier.amount}
          data-testid="plan-tier"
          data-amount={tier.amount}
          className={cx(
            'relative flex flex-col gap-3 rounded-2xl border bg-zinc-900 p-5',
            tier.popular ? 'border-accent shadow-[0_0_0_1px_var(--brand-accent)]' : 'border-white/10',
            compact && 'flex-row items-center justify-between p-4',
          )}
        >
          <div>
            <p className={cx('text-sm font-semibold', tier.popular ? 'text-accent' : 'text-zinc-300')}>{tier.name}</p>
            <p className="mt-1 text-2xl font-extrabold text-zinc-50">
              {formatMoney(tier.amount)}
              <span className="text-sm font-semibold text-zinc-300">/month</span>
            </p>
          </div>
          {!compact && (
            // On a phone the three identical lists would only push the buttons down; the page says what Toko+ brings.
            <PlusBenefits className="hidden space-y-1.5 text-sm text-zinc-200 sm:block" />
          )}
          {onChoose && (
            <Button
              variant={tier.popular ? 'primary' : 'secondary'}
              className={cx('whitespace-nowrap', !compact && 'mt-auto w-full')}
              aria-label={`Choose ${perMonth(tier.amount)}`}
              disabled={busyAmount !== null}
              onClick={() => onChoose(tier.amount)}
              icon={Crown}
            >
              {busyAmount === tier.amount ? 'Starting checkout...' : `Choose ${formatMoney(tier.amount)}`}
            </Button>
          )}
        </li>
      ))}
    </ul>
  );
}
