import { atom } from "nanostores";

/** Number of items in the visitor's cart, shared by the header badge and the cart islands. */
export const $cartCount = atom(0);
