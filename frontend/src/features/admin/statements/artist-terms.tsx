/**
 * An artist's split terms, for the admins who handle money: the label's share of sales, Toko+ and merch in force now
 * (the label's default until a contract is set), every change before, and the form that sets new ones. The terms
 * apply from now on: a month already closed keeps those it was closed under.
 */
import { Scale } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { formatDateTime } from '../../../lib/format';
import { fieldErrorsOf, serverMessageOf } from '../../../lib/http';
import { Button } from '../../../ui/button';
import { Spinner } from '../../../ui/spinner';
import { ErrorState } from '../../../ui/status-message';
import { TextField } from '../../../ui/text-field';
import { toast } from '../../../ui/toast';
import { formText } from '../components/form-text';
import { useContract, useSetContract, type ContractTerms } from './statements-api';

const KINDS = [
  { key: 'sales', label: 'Album sales' },
  { key: 'membership', label: 'Toko+' },
  { key: 'merch', label: 'Merch' },
] as const satisfies readonly { key: keyof ContractTerms; label: string }[];

const percent = (basisPoints: number) => `${basisPoints / 100}%`;
const termsText = (terms: ContractTerms) => KINDS.map((k) => `${k.label} ${percent(terms[k.key])}`).join(' · ');

/** A percentage typed with at most two decimals, as whole basis points; null when it is not one from 0 to 100. */
function basisPointsOf(text: string): number | null {
  if (!/^\d{1,3}(\.\d{1,2})?$/.test(text.trim())) return null;
  const bp = Math.round(Number(text) * 100);
  return bp <= 10_000 ? bp : null;
}

export function ArtistTerms({ artistId, artistName }: { artistId: string; artistName: string }) {
  const contract = useContract(artistId);
  const setContract = useSetContract(artistId);
  const [errors, setErrors] = useState<Partial<Record<keyof ContractTerms, string>>>({});

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const found: Partial<Record<keyof ContractTerms, string>> = {};
    const terms = {} as ContractTerms;
    for (const { key } of KINDS) {
      const bp = basisPointsOf(formText(form, key));
      if (bp === null) found[key] = 'Enter a percentage from 0 to 100, with at most two decimals';
      else terms[key] = bp;
    }
    setErrors(found);
    if (Object.keys(found).length) return;
    setContract.mutate(terms, {
      onSuccess: () => toast({ title: `${artistName}'s terms are set`, description: termsText(terms), variant: 'success' }),
      onError: (error) => {
        setErrors(fieldErrorsOf(error));
        toast({ title: 'The terms were not set', description: serverMessageOf(error) ?? undefined, variant: 'destructive' });
      },
    });
  };

  return (
    <section
      className="mt-6 space-y-4 rounded-xl border border-white/10 p-4"
      aria-labelledby="artist-terms-title"
      data-testid="artist-terms"
    >
      <h3 id="artist-terms-title" className="flex items-center gap-2 text-lg font-bold text-zinc-50">
        <Scale aria-hidden="true" className="size-5 text-accent" />
        Split terms
      </h3>
      {contract.isPending ? (
        <Spinner label="Loading the terms…" className="py-4" />
      ) : contract.isError ? (
        <ErrorState title="The terms did not load" error={contract.error} onRetry={() => void contract.refetch()} />
      ) : (
        <>
          <p className="text-sm text-zinc-300" data-testid="current-terms">
            The label's share now: {termsText(contract.data.terms)}
            {contract.data.isDefault && ' (the label’s default: no contract set yet)'}. The artist gets the rest.
          </p>
          <form onSubmit={submit} noValidate className="space-y-3" aria-label={`New terms for ${artistName}`}>
            <div className="grid gap-3 sm:grid-cols-3">
              {KINDS.map(({ key, label }) => (
                <TextField
                  key={`${key}-${contract.data.terms[key]}`}
                  label={`Label's share of ${label.toLowerCase()} (%)`}
                  name={key}
                  inputMode="decimal"
                  defaultValue={String(contract.data.terms[key] / 100)}
                  error={errors[key]}
                />
              ))}
            </div>
            <p className="text-xs text-zinc-400">
              New terms apply from now on; a month already closed keeps the terms it was closed under.
            </p>
            <div className="flex justify-end">
              <Button type="submit" disabled={setContract.isPending}>
                {setContract.isPending ? 'Setting…' : 'Set terms'}
              </Button>
            </div>
          </form>
          {contract.data.history.length > 0 && (
            <div>
              <h4 className="text-sm font-semibold text-zinc-200">History</h4>
              <ol className="mt-2 space-y-1 text-sm text-zinc-300" data-testid="terms-history">
                {contract.data.history.map((change) => (
                  <li key={change.at} className="flex flex-wrap gap-x-3">
                    <time dateTime={change.at} className="text-zinc-400">
                      {formatDateTime(change.at)}
                    </time>
                    <span>{termsText(change.terms)}</span>
                  </li>
                ))}
              </ol>
            </div>
          )}
        </>
      )}
    </section>
  );
}
