import type { CallOptions, Transport } from '../transport.js';
import type { SubtitleTrack, SubtitleUpload, TutorialItem } from '../types.js';

/** An organisation's tutorial to add (no `id`, a `file`) or change (its `id`; a `file` replaces its file). */
export interface TutorialSave {
  kind: 'video' | 'pdf';
  id?: number;
  /** The page key it belongs to, or `general`. */
  path: string;
  title: string;
  file?: Blob;
}

export interface TutorialsApi {
  videos(options?: CallOptions): Promise<TutorialItem[]>;
  pdfs(options?: CallOptions): Promise<TutorialItem[]>;
  /** Adds or changes one of the organisation's tutorials (multipart, `POST /tutorial`); answers the tutorials of its kind. */
  save(tutorial: TutorialSave, options?: CallOptions): Promise<TutorialItem[]>;
  /** Removes one of the organisation's tutorials and its files; answers the tutorials of its kind. */
  remove(tutorial: { kind: 'video' | 'pdf'; id: number }, options?: CallOptions): Promise<TutorialItem[]>;
  /** Saves a subtitle track (multipart: `function=subtitle`, `data`=the track as JSON); answers the video's tracks. */
  saveSubtitle(track: SubtitleUpload, options?: CallOptions): Promise<SubtitleTrack[]>;
}

function multipart(body: { function: 'subtitle'; data: string }): FormData {
  const form = new FormData();
  form.set('function', body.function);
  form.set('data', body.data);
  return form;
}

function tutorialForm(fields: Record<string, string | undefined>, file?: Blob): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) if (value !== undefined) form.set(name, value);
  if (file) form.set('file', file);
  return form;
}

export function tutorialsApi({ api, send }: Transport): TutorialsApi {
  return {
    save: ({ kind, id, path, title, file }, options) => {
      const fields = { function: 'save' as const, kind, path, title, ...(id ? { id: String(id) } : {}) };
      return send((init) => api.POST('/tutorial', { ...init, body: fields, bodySerializer: (body) => tutorialForm(body, file) }), options);
    },
    remove: ({ kind, id }, options) =>
      send(
        (init) =>
          api.POST('/tutorial', { ...init, body: { function: 'remove', kind, id: String(id) }, bodySerializer: (body) => tutorialForm(body) }),
        options,
      ),
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
