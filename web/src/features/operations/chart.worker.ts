/**
 * Draws the app's charts off the page's thread: each canvas is handed over once
 * (`transferControlToOffscreen`) and chart.js draws on it here, so a page with a chart stays
 * responsive while chart.js lays out its scales and paints. The page forwards what the
 * pointer does (for tooltips and the legend) and the canvas's size. Only the controllers,
 * elements, scales and plugins the operations pages use are registered.
 */
import {
  ArcElement,
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  PieController,
  PointElement,
  Tooltip,
  type ChartEvent,
} from 'chart.js';
import { chartConfiguration, type ChartReply, type ChartRequest } from './chart-config.ts';

Chart.register(
  BarController,
  LineController,
  PieController,
  BarElement,
  LineElement,
  PointElement,
  ArcElement,
  CategoryScale,
  LinearScale,
  Legend,
  Tooltip,
);
Chart.defaults.font.family = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, sans-serif";
Chart.defaults.color = '#4a5566';

/** The worker's side of the channel (the DOM library's types describe a window). */
const scope = globalThis as unknown as {
  addEventListener(type: 'message', listener: (event: MessageEvent<ChartRequest>) => void): void;
  postMessage(message: ChartReply): void;
};

/** Chart.js reaches this handler with the events a page's canvas would give it; here the page sends them. */
type EventTarget = Chart & { _eventHandler(event: ChartEvent): void };

const canvases = new Map<number, OffscreenCanvas>();
const charts = new Map<number, Chart>();

/** A length in CSS pixels as chart.js takes it: whole, and never zero. */
const pixels = (length: number): number => Math.max(1, Math.round(length));

/** Takes a chart down; its canvas stays for the next drawing unless `release`. */
function erase(id: number, release: boolean): void {
  charts.get(id)?.destroy();
  charts.delete(id);
  if (release) canvases.delete(id);
}

function handle(request: ChartRequest): void {
  switch (request.type) {
    case 'draw': {
      if (request.canvas) canvases.set(request.id, request.canvas);
      const canvas = canvases.get(request.id);
      if (!canvas) throw new Error('This chart’s canvas never reached the worker.');
      erase(request.id, false);
      // Chart.js reads the canvas's size in CSS pixels, then scales it by the ratio.
      canvas.width = pixels(request.size.width);
      canvas.height = pixels(request.size.height);
      // Chart.js draws on an OffscreenCanvas (its BasicPlatform), though its types name only a page's canvas.
      charts.set(request.id, new Chart(canvas as unknown as HTMLCanvasElement, chartConfiguration(request.input, request.size.ratio)));
      scope.postMessage({ type: 'drawn', id: request.id });
      return;
    }
    case 'resize':
      charts.get(request.id)?.resize(pixels(request.size.width), pixels(request.size.height));
      return;
    case 'pointer': {
      const chart = charts.get(request.id) as EventTarget | undefined;
      chart?._eventHandler({ type: request.event, native: { type: request.event } as Event, x: request.x, y: request.y });
      return;
    }
    case 'erase':
      erase(request.id, request.release);
      return;
  }
}

scope.addEventListener('message', ({ data }) => {
  try {
    handle(data);
  } catch (error) {
    if (data.type === 'draw') scope.postMessage({ type: 'failed', id: data.id, message: error instanceof Error ? error.message : String(error) });
  }
});
