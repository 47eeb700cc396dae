/**
 * The crop dialog for a new avatar: drag (or arrow keys) to place the picture, zoom 0.1–5 with the slider,
 * the wheel or +/−; saving draws the square onto a 400x400 canvas and hands over a JPEG at quality 0.9.
 * With a `shape` it crops any other picture the same way (an artist's 3:1 header, drawn 1500 px wide).
 */
import { ZoomIn, ZoomOut } from 'lucide-react';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { cx } from '../../../lib/class-names';
import { Button, IconButton } from '../../../ui/button';
import { Dialog } from '../../../ui/dialog';
import { Slider } from '../../../ui/slider';
import { toast } from '../../../ui/toast';
import {
  AVATAR_JPEG_QUALITY,
  AVATAR_OUTPUT_SIZE,
  clampOffset,
  clampZoom,
  MAX_ZOOM,
  MIN_ZOOM,
  placeImage,
  type CropFrame,
} from '../avatar-crop';

const KEY_STEP = 10;
const ZOOM_STEP = 0.1;
/** The dialog's padding and border around the crop area: what of a narrow screen's width the area cannot have. */
const DIALOG_CHROME = 84;

/** What the dialog crops to: the area's width over its height, the width of the JPEG it makes, and its look. */
export interface CropShape {
  aspect: number;
  outputWidth: number;
  /** A round mask over the area (an avatar is shown in a circle). */
  round: boolean;
  /** The area's width on screen, in CSS px, where the screen is wide enough. */
  viewport: number;
  title: string;
  description: string;
  saveLabel: string;
  /** The picture being cropped, for a screen reader. */
  alt: string;
}

/** An avatar: a 256 px square on screen (fits a 360 px phone inside the dialog), a 400x400 JPEG out. */
const avatarShape: CropShape = {
  aspect: 1,
  outputWidth: AVATAR_OUTPUT_SIZE,
  round: true,
  viewport: 256,
  title: 'Crop your avatar',
  description: 'Drag the picture to place it, and zoom to frame your face. It is saved as a square.',
  saveLabel: 'Save Avatar',
  alt: 'Your new avatar',
};

interface AvatarCropDialogProps {
  file: File | null;
  saving: boolean;
  onCancel: () => void;
  onSave: (jpeg: Blob) => void;
  shape?: CropShape;
}

/** Draws the framed area at the output size and encodes it as JPEG. */
export function renderAvatar(image: HTMLImageElement, frame: CropFrame, outputWidth: number = AVATAR_OUTPUT_SIZE): Promise<Blob> {
  const canvas = document.createElement('canvas');
  canvas.width = outputWidth;
  canvas.height = Math.round(outputWidth / (frame.aspect ?? 1));
  const context = canvas.getContext('2d');
  if (!context) return Promise.reject(new Error('This browser cannot draw the picture'));
  // JPEG has no transparency: what a zoomed-out picture leaves empty is the app's background.
  context.fillStyle = '#18181b';
  context.fillRect(0, 0, canvas.width, canvas.height);
  context.imageSmoothingQuality = 'high';
  const place = placeImage(frame, outputWidth);
  context.drawImage(image, place.x, place.y, place.width, place.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob(
      (blob) => (blob ? resolve(blob) : reject(new Error('The picture could not be encoded'))),
      'image/jpeg',
      AVATAR_JPEG_QUALITY,
    ),
  );
}

export function AvatarCropDialog({ file, saving, onCancel, onSave, shape = avatarShape }: AvatarCropDialogProps) {
  const [source, setSource] = useState<string | null>(null);
  // A wide shape narrows to a phone's screen.
  const viewport = Math.min(shape.viewport, window.innerWidth - DIALOG_CHROME);
  const imageRef = useRef<HTMLImageElement>(null);
  const [frame, setFrame] = useState<CropFrame | null>(null);
  const drag = useRef<{ pointerId: number; x: number; y: number; offsetX: number; offsetY: number } | null>(null);

  // A new file starts a new crop.
  const [croppedFile, setCroppedFile] = useState(file);
  if (file !== croppedFile) {
    setCroppedFile(file);
    setFrame(null);
  }

  // The picture's address lives exactly as long as this file is being cropped (made and revoked together).
  useEffect(() => {
    if (!file) return;
    const url = URL.createObjectURL(file);
    // eslint-disable-next-line react-hooks/set-state-in-effect -- the address is an outside resource this effect makes and revokes; the render shows it
    setSource(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);

  const update = (change: (current: CropFrame) => Partial<CropFrame>) =>
    setFrame((current) => (current ? clampOffset({ ...current, ...change(current) }) : current));
  const zoomTo = (zoom: number) => update(() => ({ zoom: clampZoom(zoom) }));

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    if (!frame) return;
    event.currentTarget.setPointerCapture(event.pointerId);
    drag.current = { pointerId: event.pointerId, x: event.clientX, y: event.clientY, offsetX: frame.offsetX, offsetY: frame.offsetY };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    const start = drag.current;
    if (!start || start.pointerId !== event.pointerId) return;
    update(() => ({ offsetX: start.offsetX + event.clientX - start.x, offsetY: start.offsetY + event.clientY - start.y }));
  };
  const endDrag = () => {
    drag.current = null;
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-KEY_STEP, 0],
      ArrowRight: [KEY_STEP, 0],
      ArrowUp: [0, -KEY_STEP],
      ArrowDown: [0, KEY_STEP],
    };
    const move = moves[event.key];
    if (move) {
      event.preventDefault();
      update((current) => ({ offsetX: current.offsetX + move[0], offsetY: current.offsetY + move[1] }));
    } else if (event.key === '+' || event.key === '=') {
      event.preventDefault();
      update((current) => ({ zoom: clampZoom(current.zoom + ZOOM_STEP) }));
    } else if (event.key === '-') {
      event.preventDefault();
      update((current) => ({ zoom: clampZoom(current.zoom - ZOOM_STEP) }));
    }
  };

  const save = async () => {
    if (!frame || !imageRef.current) return;
    try {
      onSave(await renderAvatar(imageRef.current, frame, shape.outputWidth));
    } catch (error) {
      toast({
        variant: 'destructive',
        title: 'Upload failed',
        description: error instanceof Error ? error.message : 'Failed to upload avatar',
      });
    }
  };

  const place = frame ? placeImage(frame) : null;
  return (
    <Dialog
      open={file !== null}
      onOpenChange={(open) => !open && !saving && onCancel()}
      title={shape.title}
      description={shape.description}
    >
      <div className="mt-5 flex flex-col items-center gap-4" data-testid="avatar-crop-dialog" data-zoom={frame?.zoom.toFixed(2)}>
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-element-interactions -- ARIA has no widget role for a two-dimensional pan and zoom; its label names the keys */}
        <div
          role="group"
          aria-label="Crop area: drag, or use the arrow keys to move the picture and + or − to zoom"
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- as above: the crop area is operated from the keyboard, so it takes focus
          tabIndex={0}
          data-testid="crop-area"
          className="relative touch-none select-none overflow-hidden rounded-xl bg-zinc-950 active:cursor-grabbing"
          style={{ width: viewport, height: viewport / shape.aspect, cursor: 'grab' }}
          onPointerDown={onPointerDown}
          onPointerMove={onPointerMove}
          onPointerUp={endDrag}
          onPointerCancel={endDrag}
          onWheel={(event) => update((current) => ({ zoom: clampZoom(current.zoom * Math.exp(-event.deltaY * 0.001)) }))}
          onKeyDown={onKeyDown}
        >
          {source && (
            <img
              key={source}
              ref={imageRef}
              src={source}
              alt={shape.alt}
              draggable={false}
              onLoad={(event) =>
                setFrame({
                  imageWidth: event.currentTarget.naturalWidth,
                  imageHeight: event.currentTarget.naturalHeight,
                  viewport,
                  aspect: shape.aspect,
                  zoom: 1,
                  offsetX: 0,
                  offsetY: 0,
                })
              }
              onError={() => {
                toast({ variant: 'destructive', title: 'Invalid file type', description: 'This file could not be read as an image' });
                onCancel();
              }}
              className="pointer-events-none absolute max-w-none"
              style={place ? { left: place.x, top: place.y, width: place.width, height: place.height } : { opacity: 0 }}
            />
          )}
          <div
            aria-hidden="true"
            className={cx(
              'pointer-events-none absolute inset-0 shadow-[0_0_0_9999px_rgba(0,0,0,0.5)] ring-2 ring-white/70',
              shape.round && 'rounded-full',
            )}
          />
        </div>
        <div className="flex w-full items-center gap-2">
          <IconButton label="Zoom out" onClick={() => frame && zoomTo(frame.zoom - ZOOM_STEP)} disabled={!frame || frame.zoom <= MIN_ZOOM}>
            <ZoomOut aria-hidden="true" className="size-4" />
          </IconButton>
          <Slider
            label="Zoom"
            className="flex-1"
            value={frame?.zoom ?? 1}
            min={MIN_ZOOM}
            max={MAX_ZOOM}
            step={0.05}
            valueText={`${Math.round((frame?.zoom ?? 1) * 100)}%`}
            disabled={!frame}
            onChange={zoomTo}
          />
          <IconButton label="Zoom in" onClick={() => frame && zoomTo(frame.zoom + ZOOM_STEP)} disabled={!frame || frame.zoom >= MAX_ZOOM}>
            <ZoomIn aria-hidden="true" className="size-4" />
          </IconButton>
        </div>
      </div>
      <div className="mt-6 flex justify-end gap-2">
        <Button variant="ghost" onClick={onCancel} disabled={saving}>
          Cancel
        </Button>
        <Button onClick={() => void save()} disabled={!frame || saving}>
          {saving ? 'Uploading...' : shape.saveLabel}
        </Button>
      </div>
    </Dialog>
  );
}
