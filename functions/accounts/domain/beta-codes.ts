/** Beta codes: TOKO-PLUS-BETA gives two months of Toko+ free. Codes are compared upper-cased. */
export interface BetaCode {
  tier: 'toko_plus';
  months: number;
}

const betaCodes: Readonly<Record<string, BetaCode>> = {
  'TOKO-PLUS-BETA': { tier: 'toko_plus', months: 2 },
};

export const betaCodeOf = (code: string): BetaCode | undefined => betaCodes[code.trim().toUpperCase()];

/** The end of a trial of `months` from `start` (calendar months, in UTC). */
export function trialEnd(start: Date, months: number): Date {
  const end = new Date(start);
  end.setUTCMonth(end.getUTCMonth() + months);
  return end;
}
