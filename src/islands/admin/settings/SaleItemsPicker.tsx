import { useEffect, useState } from "react";
import { api } from "#src/lib/api-client.ts";

interface Named {
  id: string;
  name: string;
}

/**
 * What a sale's percentage lowers: whole games (every product of the game, new ones included) and
 * single products found by name. Lists come from the storefront's own API, so the owner picks what
 * shoppers see; ids the panel sends are the ones the pricing rule matches (sale-price.ts).
 */
export default function SaleItemsPicker(props: {
  gameIds: string[];
  productIds: string[];
  onGames: (ids: string[]) => void;
  onProducts: (ids: string[]) => void;
}) {
  const [games, setGames] = useState<Named[]>([]);
  const [chosen, setChosen] = useState<Named[]>([]);
  const [search, setSearch] = useState("");
  const [found, setFound] = useState<Named[]>([]);

  useEffect(() => {
    void api.get<Named[]>("/api/games").then(setGames, () => setGames([]));
    // The names of the products already chosen (a product deleted since is dropped from the list).
    void Promise.all(props.productIds.map((id) => api.get<Named>(`/api/products/${encodeURIComponent(id)}`).catch(() => null))).then((list) =>
      setChosen(list.filter((p): p is Named => p !== null)),
    );
  }, []);

  useEffect(() => {
    const text = search.trim();
    if (!text) return setFound([]);
    const timer = setTimeout(() => void api.get<Named[]>("/api/products/search", { q: text }).then(setFound, () => setFound([])), 300);
    return () => clearTimeout(timer);
  }, [search]);

  const toggleGame = (id: string, on: boolean) => props.onGames(on ? [...props.gameIds, id] : props.gameIds.filter((g) => g !== id));
  const setProducts = (list: Named[]) => {
    setChosen(list);
    props.onProducts(list.map((p) => p.id));
  };

  return (
    <fieldset className="space-y-2 sm:col-span-2">
      <legend className="text-sm font-semibold">On sale</legend>
      <div className="flex flex-wrap gap-3">
        {games.map((game) => (
          <label key={game.id} className="flex items-center gap-2 text-sm">
            <input type="checkbox" checked={props.gameIds.includes(game.id)} onChange={(e) => toggleGame(game.id, e.target.checked)} />
            All of {game.name}
          </label>
        ))}
      </div>
      <ul className="space-y-1" aria-label="Products on sale">
        {chosen.map((product) => (
          <li key={product.id} className="flex items-center justify-between gap-2 text-sm">
            <span className="break-words">{product.name}</span>
            <button type="button" className="btn-outline px-2 py-1 text-xs" onClick={() => setProducts(chosen.filter((p) => p.id !== product.id))}>
              Remove {product.name}
            </button>
          </li>
        ))}
      </ul>
      <label className="block text-sm">
        <span>Add a product</span>
        <input className="input mt-1 w-full" type="search" value={search} onChange={(e) => setSearch(e.target.value)} placeholder="Search by name" />
      </label>
      {found.length > 0 && (
        <ul className="space-y-1" aria-label="Products found">
          {found
            .filter((p) => !chosen.some((c) => c.id === p.id))
            .map((product) => (
              <li key={product.id}>
                <button type="button" className="btn-outline w-full px-2 py-1 text-left text-xs" onClick={() => setProducts([...chosen, product])}>
                  Add {product.name}
                </button>
              </li>
            ))}
        </ul>
      )}
    </fieldset>
  );
}
