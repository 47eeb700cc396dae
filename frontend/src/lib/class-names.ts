/** Joins the class names that apply, skipping the ones switched off. */
export const cx = (...names: Array<string | false | null | undefined>): string => names.filter(Boolean).join(' ');

/** A NavLink's className: `base`, and `active` on the current page's link or `inactive` on the others. */
export const navLinkClass =
  (base: string, active: string, inactive: string) =>
  ({ isActive }: { isActive: boolean }): string =>
    cx(base, isActive ? active : inactive);
