import { Container, EmptyState } from '@mantine/core';
import { IconHourglassEmpty } from '@tabler/icons-react';
import type { ReactNode } from 'react';

export interface TComingSoonPageProps {
  title: string;
  /** What builds this page, e.g. "the assets feature"; read as "This page arrives with …". */
  feature: string;
  /** 2 inside an item page whose title is the h1. */
  level?: 1 | 2;
  children?: ReactNode;
}

/** An honest empty state for a route whose page a later issue builds. */
export function ComingSoonPage({ title, feature, level = 1, children }: TComingSoonPageProps) {
  const Heading = level === 1 ? 'h1' : 'h2';
  return (
    <Container size="sm" py="xl">
      <EmptyState
        title={<Heading style={{ margin: 0, fontSize: 'inherit' }}>{title}</Heading>}
        description={`This page arrives with ${feature}.`}
        icon={<IconHourglassEmpty size={28} />}
        withIndicatorBackground
      >
        {children}
      </EmptyState>
    </Container>
  );
}
