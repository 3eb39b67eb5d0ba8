import { Pagination } from '@mantine/core';

/** Mantine's page buttons, each named for a screen reader (loaded by `PagePagination`). */
export default function PagePaginationControl({
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
