/** Crop ratios offered by the cropper; 16:9 is the seed's default, 8:1 the shape the thumbnail shows at. */
export const CROP_RATIOS = [
  { label: '16:9', value: 16 / 9 },
  { label: '4:3', value: 4 / 3 },
  { label: '1:1', value: 1 },
  { label: '8:1', value: 8 },
] as const;
export const DEFAULT_CROP_RATIO = CROP_RATIOS[0];
/** The thumbnail is displayed at 8:1 (seed §2). */
export const THUMBNAIL_DISPLAY_RATIO = 8;
/** Wider than any place it is shown at; keeps uploads small. */
export const MAX_OUTPUT_WIDTH = 1600;
export const MAX_ZOOM = 4;

export interface TCropRect {
  x: number;
  y: number;
  width: number;
  height: number;
}

/**
 * The source rectangle of an image for a ratio, a zoom (1 = the largest rectangle of that ratio that fits)
 * and a position (0..1 on each axis, 0.5 centred).
 */
export function cropRect(
  image: { width: number; height: number },
  ratio: number,
  zoom: number,
  position: { x: number; y: number },
): TCropRect {
  const fitsWidth = image.width / image.height <= ratio;
  const baseWidth = fitsWidth ? image.width : image.height * ratio;
  const baseHeight = fitsWidth ? image.width / ratio : image.height;
  const scale = Math.min(Math.max(zoom, 1), MAX_ZOOM);
  const width = baseWidth / scale;
  const height = baseHeight / scale;
  const clamp = (value: number) => Math.min(Math.max(value, 0), 1);
  return {
    x: clamp(position.x) * (image.width - width),
    y: clamp(position.y) * (image.height - height),
    width,
    height,
  };
}

/** The output canvas size for a crop: its own size, at most MAX_OUTPUT_WIDTH wide. */
export function outputSize(rect: TCropRect): { width: number; height: number } {
  const width = Math.max(1, Math.round(Math.min(rect.width, MAX_OUTPUT_WIDTH)));
  return { width, height: Math.max(1, Math.round((width * rect.height) / rect.width)) };
}
