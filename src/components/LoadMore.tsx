// The 'Load more' button under a paged list (or its own words for it), shown only while there is a next page.
import { t } from '../i18n';

interface Pages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): Promise<unknown>;
}

export function LoadMore({ list, label = t('Load more') }: { list: Pages; label?: string }) {
  if (!list.hasNextPage) return null;
  return (
    <div className="mt-4 flex justify-center">
      <button type="button" className="btn btn-ghost btn-sm" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
        {list.isFetchingNextPage ? t('Loading...') : label}
      </button>
    </div>
  );
}
