import { useLingui } from '@lingui/react/macro';
import { useFavorites } from './favorites-store';

export function FavoriteStar({ symbol, tabIndex }: { symbol: string; tabIndex?: number }) {
  const { t } = useLingui();
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
      aria-label={isFavorite ? t`Remove ${symbol} from favorites` : t`Add ${symbol} to favorites`}
      title={isFavorite ? t`Remove from favorites` : t`Add to favorites`}
      className={`px-0.5 leading-none ${isFavorite ? 'text-warn' : 'text-muted hover:text-text'}`}
    >
      {isFavorite ? '★' : '☆'}
    </button>
  );
}
