import { Pagination } from '@mantine/core';

/** The page buttons under a server-paged list, each named for a screen reader. */
export function PagePagination({
  total,
  value,
  onChange,
}: {
  total: number;
  value: number;
  onChange: (page: number) => void;
}) {
  return (
    <Pagination
      total={total}
      value={value}
      onChange={onChange}
      size="sm"
      getControlProps={(control) => ({
        'aria-label':
          control === 'previous' ? 'Previous page' : control === 'next' ? 'Next page' : undefined,
      })}
      getItemProps={(item) => ({ 'aria-label': `Page ${item}` })}
    />
  );
}
