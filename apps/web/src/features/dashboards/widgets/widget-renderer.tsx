// One widget from its saved kind and settings and the analytics result: transform, then the kind's lazy
// component inside Suspense. What a dashboard grid puts in each cell.
import { Center, Loader, Text } from '@mantine/core';
import { findWidgetKind } from '@strata/core/dashboards/widget-kinds';
import { Suspense, useMemo } from 'react';
import { missingNote, staleNote } from './missing-values.ts';
import type { TWidgetDisplay } from './widget-parts.tsx';
import { findWidgetDefinition } from './widget-registry.ts';
import { readWidgetSettings, type TWidgetInput } from './widget-settings.ts';

export interface TWidgetRendererProps {
  kind: string;
  /** The widget's saved settings (any shape: read with the kind's defaults). */
  settings?: Readonly<Record<string, unknown>>;
  input: TWidgetInput;
  /** Overrides the settings' precision (the dashboard's timeline setting). */
  precision?: number;
}

export function WidgetRenderer({ kind, settings: raw, input, precision }: TWidgetRendererProps) {
  const definition = findWidgetDefinition(kind);
  const prepared = useMemo(() => {
    if (!definition) return null;
    const settings = readWidgetSettings(raw, definition.defaultSettings);
    const display: TWidgetDisplay = {
      code: definition.code,
      label: settings.title || definition.label,
      currency: input.result.currency,
      precision: precision ?? settings.precision,
      missingNote: missingNote(input.result, input.assetNames),
    };
    // Values rest on prices for every kind that reads analytics (income too: unrealized gains).
    const stale = findWidgetKind(kind)?.datasets.length ? staleNote(input.result, input.assetNames) : null;
    return { data: definition.transform(input, settings), display, stale };
  }, [definition, raw, input, precision, kind]);
  if (!definition || !prepared) {
    return (
      <Text size="sm" c="dimmed">
        Unknown widget kind: {kind}
      </Text>
    );
  }
  const Component = definition.component;
  return (
    <Suspense
      fallback={
        <Center h="100%">
          <Loader size="sm" aria-label={`Loading ${prepared.display.label}`} />
        </Center>
      }
    >
      {/* Above the figures, so a tall widget that scrolls still shows it. */}
      {prepared.stale && (
        <Text size="xs" c="yellow.9" mb={4} role="note" aria-label="Stale prices">
          {prepared.stale}
        </Text>
      )}
      <Component data={prepared.data} display={prepared.display} />
    </Suspense>
  );
}
