/** The six blog paths of docs/product.md#routes; kept apart from the article text so the router stays small. */
export const ARTICLE_SLUGS = [
  'crypto-rally-2024',
  'crypto-buy-guide',
  'crypto-mining',
  'secure-crypto-wallet',
  'transfer-crypto',
  'crypto-mining-legal',
] as const;

export type ArticleSlug = (typeof ARTICLE_SLUGS)[number];
