/** A Roblox game the store sells items for. Games are listed by displayOrder, lowest first. */
export interface Game {
  id: string;
  slug: string;
  name: string;
  description: string;
  thumbnail: string;
  displayOrder: number;
}
