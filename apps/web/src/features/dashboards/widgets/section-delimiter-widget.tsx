import { Divider } from '@mantine/core';
import { type TWidgetViewProps, WidgetRoot } from './widget-parts.tsx';

/** Section Delimiter: a titled separator between groups of widgets; no data. */
export function SectionDelimiterWidget({ data, display }: TWidgetViewProps<{ title: string }>) {
  return (
    <WidgetRoot display={display} values={null}>
      <Divider
        label={data.title}
        labelPosition="left"
        my="xs"
        styles={{ label: { fontSize: 'var(--mantine-font-size-md)', fontWeight: 700 } }}
      />
    </WidgetRoot>
  );
}
