// The filter builder and the sort control load when their popover first opens: with Mantine's
// MultiSelect, Autocomplete and the filter drafts they are most of a grid route's own JS, and a page's
// toolbar draws without them (issue 23: each route's first load under 300 KB gzip).
import { Center, Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';
import type { TFilterBuilderProps } from './filter-builder.tsx';
import type { TSortControlProps } from './sort-control.tsx';

const FilterBuilderChunk = lazy(() =>
  import('./filter-builder.tsx').then((module) => ({ default: module.FilterBuilder })),
);
const SortControlChunk = lazy(() =>
  import('./sort-control.tsx').then((module) => ({ default: module.SortControl })),
);

function ControlLoader() {
  return (
    <Center py="md">
      <Loader size="sm" aria-label="Loading" />
    </Center>
  );
}

export function LazyFilterBuilder(props: TFilterBuilderProps) {
  return (
    <Suspense fallback={<ControlLoader />}>
      <FilterBuilderChunk {...props} />
    </Suspense>
  );
}

export function LazySortControl(props: TSortControlProps) {
  return (
    <Suspense fallback={<ControlLoader />}>
      <SortControlChunk {...props} />
    </Suspense>
  );
}
