import { Box, Button, Group, Image, SegmentedControl, Slider, Stack, Text } from '@mantine/core';
import { type PointerEvent, useEffect, useRef, useState } from 'react';
import {
  CROP_RATIOS,
  cropRect,
  DEFAULT_CROP_RATIO,
  MAX_ZOOM,
  outputSize,
  THUMBNAIL_DISPLAY_RATIO,
} from './crop-geometry.ts';

export interface TImageCropperProps {
  file: File;
  onCancel: () => void;
  onCrop: (blob: Blob) => Promise<void>;
}

/**
 * Crops an image to a ratio (16:9 by default) by zoom and position — drag the picture or use the sliders —
 * and previews it the way the thumbnail shows, at 8:1.
 */
export function ImageCropper({ file, onCancel, onCrop }: TImageCropperProps) {
  const [image, setImage] = useState<HTMLImageElement | null>(null);
  const [ratioLabel, setRatioLabel] = useState<string>(DEFAULT_CROP_RATIO.label);
  const [zoom, setZoom] = useState(1);
  const [position, setPosition] = useState({ x: 0.5, y: 0.5 });
  const [preview, setPreview] = useState<string | null>(null);
  const [isSaving, setSaving] = useState(false);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const dragRef = useRef<{ x: number; y: number } | null>(null);
  const ratio = CROP_RATIOS.find((entry) => entry.label === ratioLabel)?.value ?? DEFAULT_CROP_RATIO.value;

  useEffect(() => {
    const url = URL.createObjectURL(file);
    const element = new window.Image();
    element.onload = () => setImage(element);
    element.src = url;
    return () => URL.revokeObjectURL(url);
  }, [file]);

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!image || !canvas) return;
    const rect = cropRect({ width: image.naturalWidth, height: image.naturalHeight }, ratio, zoom, position);
    const size = outputSize(rect);
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) return;
    context.drawImage(image, rect.x, rect.y, rect.width, rect.height, 0, 0, size.width, size.height);
    setPreview(canvas.toDataURL('image/png'));
  }, [image, ratio, zoom, position]);

  const onPointerDown = (event: PointerEvent<HTMLCanvasElement>) => {
    event.currentTarget.setPointerCapture(event.pointerId);
    dragRef.current = { x: event.clientX, y: event.clientY };
  };
  const onPointerMove = (event: PointerEvent<HTMLCanvasElement>) => {
    const start = dragRef.current;
    if (!start) return;
    const box = event.currentTarget.getBoundingClientRect();
    // Dragging the picture right shows more of its left side.
    const dx = (event.clientX - start.x) / box.width;
    const dy = (event.clientY - start.y) / box.height;
    dragRef.current = { x: event.clientX, y: event.clientY };
    setPosition((current) => ({
      x: Math.min(Math.max(current.x - dx, 0), 1),
      y: Math.min(Math.max(current.y - dy, 0), 1),
    }));
  };

  const save = async () => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    setSaving(true);
    try {
      const blob = await new Promise<Blob | null>((resolve) => canvas.toBlob(resolve, 'image/png'));
      if (blob) await onCrop(blob);
    } finally {
      setSaving(false);
    }
  };

  return (
    <Stack gap="xs" aria-label="Image cropper" role="group">
      <SegmentedControl
        size="xs"
        aria-label="Crop ratio"
        value={ratioLabel}
        onChange={setRatioLabel}
        data={CROP_RATIOS.map((entry) => entry.label)}
      />
      <Box style={{ maxWidth: 480 }}>
        <canvas
          ref={canvasRef}
          aria-label="Crop area"
          style={{ width: '100%', cursor: 'grab', touchAction: 'none', borderRadius: 4 }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={() => {
            dragRef.current = null;
          }}
        />
      </Box>
      <Text size="xs">Zoom</Text>
      <Slider aria-label="Zoom" min={1} max={MAX_ZOOM} step={0.05} value={zoom} onChange={setZoom} />
      <Group grow>
        <Slider
          aria-label="Horizontal position"
          min={0}
          max={1}
          step={0.01}
          value={position.x}
          onChange={(x) => setPosition((current) => ({ ...current, x }))}
        />
        <Slider
          aria-label="Vertical position"
          min={0}
          max={1}
          step={0.01}
          value={position.y}
          onChange={(y) => setPosition((current) => ({ ...current, y }))}
        />
      </Group>
      <Text size="xs" c="dimmed">
        Preview (as shown, 8:1)
      </Text>
      {preview && (
        <Image
          src={preview}
          alt="Thumbnail preview"
          radius="sm"
          style={{ aspectRatio: String(THUMBNAIL_DISPLAY_RATIO), objectFit: 'cover', width: '100%' }}
        />
      )}
      <Group justify="flex-end">
        <Button variant="default" onClick={onCancel}>
          Cancel
        </Button>
        <Button onClick={() => void save()} loading={isSaving} disabled={!image}>
          Save thumbnail
        </Button>
      </Group>
    </Stack>
  );
}
