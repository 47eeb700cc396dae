/** Brand strings in one place, so a label can rebrand without touching code. */
export const brand = {
  product: 'Toko',
  productPlus: 'Toko+',
  tierPlus: 'toko_plus',
  labelName: 'Toko Records',
  supportEmail: 'support@toko.example',
  siteUrl: 'https://toko.example',
  /** The label's hosted merch shop and its checkout (Shopify). */
  shopUrl: 'https://shop.toko.example',
  mailFrom: 'Toko <hello@toko.example>',
  accentColor: '#f5a524',
  subscriptionMonthlyUsd: 5,
  /** Toko+ members' discount on merch, in percent off the items: the shop's member discount code must give the same. */
  memberMerchDiscountPercent: 10,
} as const;
