import { useFavorites } from './favorites-store';

export function FavoriteStar({ symbol, tabIndex }: { symbol: string; tabIndex?: number }) {
  const isFavorite = useFavorites((s) => s.favorites.includes(symbol));
  const toggle = useFavorites((s) => s.toggle);
  return (
    <button
      type="button"
      tabIndex={tabIndex}
      onClick={(e) => {
        e.stopPropagation();
        toggle(symbol);
      }}
      aria-pressed={isFavorite}
      aria-label={isFavorite ? `Remove ${symbol} from favorites` : `Add ${symbol} to favorites`}
      title={isFavorite ? 'Remove from favorites' : 'Add to favorites'}
      className={`px-0.5 leading-none ${isFavorite ? 'text-warn' : 'text-muted hover:text-text'}`}
    >
      {isFavorite ? '★' : '☆'}
    </button>
  );
}
