/**
 * Demo ratings (issue 36): a new demo store (DEMO_DATA on) shows some published ratings, each on a
 * delivered order of a demo buyer, so its product pages and shop-wide figure look alive. Written
 * only by the demo seed; a production store starts with none and shows no figure.
 */
export interface DemoRating {
  /** The demo catalogue's product (adapters/seed/catalogue.ts) by name. */
  productName: string;
  stars: number;
  comment: string | null;
  reply: string | null;
  /** When the order was placed, in days before the seed. */
  daysAgo: number;
}

export const DEMO_RATINGS: DemoRating[] = [
  {
    productName: "Dragon Fruit (Permanent)",
    stars: 5,
    comment: "Arrived in about ten minutes, straight to my account.",
    reply: "Thanks for the kind words!",
    daysAgo: 2,
  },
  { productName: "Dragon Fruit (Permanent)", stars: 4, comment: "Good price. The trade took a little longer than I hoped.", reply: null, daysAgo: 6 },
  { productName: "Kitsune Fruit (Permanent)", stars: 5, comment: "Smooth and friendly, will buy again.", reply: null, daysAgo: 4 },
  { productName: "Huge Cat", stars: 5, comment: "Support answered my question in the chat right away.", reply: null, daysAgo: 3 },
  { productName: "Huge Cat", stars: 3, comment: null, reply: null, daysAgo: 9 },
  { productName: "10M Diamonds", stars: 4, comment: "All there, as promised.", reply: null, daysAgo: 5 },
  { productName: "Harvester", stars: 5, comment: "My first trade here and it went fine.", reply: "Welcome, and enjoy the Harvester!", daysAgo: 1 },
  { productName: "Chroma Gingerblade", stars: 4, comment: null, reply: null, daysAgo: 7 },
];
