/** A frequently asked question. FAQs are listed by displayOrder, lowest first. */
export interface Faq {
  id: string;
  question: string;
  answer: string;
  displayOrder: number;
}
