/**
 * The page's side of the chart worker (`chart.worker.ts`): one worker for the app, started
 * with the first chart. A canvas is handed to the worker the first time it is drawn on and
 * stays there; the painter tells the worker when the canvas changes size and what the
 * pointer does over it.
 */
import type { ChartReply, ChartRequest, ChartSize, DrawInput } from './chart-config.ts';

export interface PaintedChart {
  /** Takes the drawing down (and lets the worker forget the canvas once it has left the page). */
  erase(): void;
}

interface Watcher {
  drawn(): void;
  failed(): void;
}

let worker: Worker | null = null;
const watchers = new Map<number, Watcher>();
const ids = new WeakMap<HTMLCanvasElement, number>();
let lastId = 0;

function chartWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(new URL('./chart.worker.ts', import.meta.url), { type: 'module', name: 'charts' });
  started.addEventListener('message', ({ data }: MessageEvent<ChartReply>) => {
    const watcher = watchers.get(data.id);
    if (data.type === 'drawn') watcher?.drawn();
    else watcher?.failed();
  });
  // The worker's script could not load (offline, say): every chart waiting on it says so, and the next chart tries again.
  started.addEventListener('error', () => {
    for (const watcher of watchers.values()) watcher.failed();
    started.terminate();
    if (worker === started) worker = null;
  });
  worker = started;
  return started;
}

function sizeOf(canvas: HTMLCanvasElement): ChartSize {
  return { width: canvas.clientWidth, height: canvas.clientHeight, ratio: window.devicePixelRatio || 1 };
}

/** Draws `input` on `canvas` in the worker; `watcher` hears when it is drawn, or that it could not be. */
export function paintChart(canvas: HTMLCanvasElement, input: DrawInput, watcher: Watcher): PaintedChart {
  const target = chartWorker();
  const send = (request: ChartRequest, transfer: Transferable[] = []): void => target.postMessage(request, transfer);
  // The canvas goes to the worker the first time it is drawn on, and stays there.
  const handedOver = ids.has(canvas) ? undefined : canvas.transferControlToOffscreen();
  const chartId = ids.get(canvas) ?? ++lastId;
  ids.set(canvas, chartId);
  watchers.set(chartId, watcher);
  let size = sizeOf(canvas);
  send({ type: 'draw', id: chartId, canvas: handedOver, input, size }, handedOver ? [handedOver] : []);

  const resized = new ResizeObserver(() => {
    const next = sizeOf(canvas);
    if (next.width === size.width && next.height === size.height && next.ratio === size.ratio) return;
    size = next;
    send({ type: 'resize', id: chartId, size });
  });
  resized.observe(canvas);

  // The pointer's moves, at most one a frame; a tap or click as it comes.
  let frame = 0;
  let at = { x: 0, y: 0 };
  const move = (event: PointerEvent): void => {
    at = { x: event.offsetX, y: event.offsetY };
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      send({ type: 'pointer', id: chartId, event: 'mousemove', ...at });
    });
  };
  const leave = (): void => send({ type: 'pointer', id: chartId, event: 'mouseout', x: 0, y: 0 });
  const click = (event: MouseEvent): void => send({ type: 'pointer', id: chartId, event: 'click', x: event.offsetX, y: event.offsetY });
  canvas.addEventListener('pointermove', move);
  canvas.addEventListener('pointerleave', leave);
  canvas.addEventListener('click', click);

  return {
    erase() {
      resized.disconnect();
      cancelAnimationFrame(frame);
      canvas.removeEventListener('pointermove', move);
      canvas.removeEventListener('pointerleave', leave);
      canvas.removeEventListener('click', click);
      if (watchers.get(chartId) === watcher) watchers.delete(chartId);
      // Drawn again on the same canvas (new numbers), the worker keeps it; gone from the page, it lets it go.
      send({ type: 'erase', id: chartId, release: !canvas.isConnected });
    },
  };
}
