/** A group of a game's products (e.g. "Fruits", "Gamepasses"); names are unique within a game. */
export interface Category {
  id: string;
  gameId: string;
  name: string;
  displayOrder: number;
}
