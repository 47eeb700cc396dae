/** The band's name under "Fan access", with its tagline: the top of the band's pages. */
import { cx } from '../../../lib/class-names';
import { band } from '../band';

export function BandTitle({ large = false }: { large?: boolean }) {
  return (
    <>
      <p className="text-xs font-semibold uppercase tracking-[0.3em] text-accent">Fan access</p>
      <h1 className={cx('text-4xl font-black uppercase tracking-tight text-zinc-50', large && 'md:text-6xl')}>{band.name}</h1>
      <p className={cx('text-zinc-200', large && 'max-w-2xl')}>{band.tagline}</p>
    </>
  );
}
