// Series colours in a fixed order, so a category keeps its colour between the bars and the legend.
const PALETTE = [
  'blue.6',
  'teal.6',
  'orange.6',
  'grape.6',
  'cyan.6',
  'red.6',
  'lime.7',
  'indigo.6',
  'yellow.7',
  'pink.6',
  'gray.6',
];

export function chartColor(index: number): string {
  return PALETTE[index % PALETTE.length] as string;
}
