import type { CallOptions, Transport } from '../transport.js';
import type { SubtitleTrack, SubtitleUpload, TutorialItem } from '../types.js';

export interface TutorialsApi {
  videos(options?: CallOptions): Promise<TutorialItem[]>;
  pdfs(options?: CallOptions): Promise<TutorialItem[]>;
  /** Saves a subtitle track (multipart: `function=subtitle`, `data`=the track as JSON); answers the video's tracks. */
  saveSubtitle(track: SubtitleUpload, options?: CallOptions): Promise<SubtitleTrack[]>;
}

function multipart(body: { function: 'subtitle'; data: string }): FormData {
  const form = new FormData();
  form.set('function', body.function);
  form.set('data', body.data);
  return form;
}

export function tutorialsApi({ api, send }: Transport): TutorialsApi {
  return {
    videos: (options) => send((init) => api.POST('/video-tutorial', init), options),
    pdfs: (options) => send((init) => api.POST('/pdf-tutorial', init), options),
    saveSubtitle: ({ video, label, srclang, vtt }, options) =>
      send(
        (init) =>
          api.POST('/save', {
            ...init,
            body: { function: 'subtitle', data: JSON.stringify({ video, label, srclang, vtt }) },
            bodySerializer: multipart,
          }),
        options,
      ),
  };
}
