// The 'Load more' button under a paged list (or its own words for it), shown only while there is a next page.
interface Pages {
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage(): Promise<unknown>;
}

export function LoadMore({ list, label = 'Load more' }: { list: Pages; label?: string }) {
  if (!list.hasNextPage) return null;
  return (
    <div className="mt-4 flex justify-center">
      <button type="button" className="btn btn-ghost btn-sm" disabled={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
        {list.isFetchingNextPage ? 'Loading...' : label}
      </button>
    </div>
  );
}
