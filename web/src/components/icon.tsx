/** The side menu's icons: simple strokes on a 24-unit grid, decorative (the entry's name labels it). */
const paths: Record<string, string> = {
  dashboard: 'M4 13h6V4H4zM14 20h6v-9h-6zM4 20h6v-4H4zM14 4v4h6V4z',
  template: 'M6 3h9l4 4v14H6zM14 3v5h5M9 12h7M9 16h7',
  listing: 'M8 6h12M8 12h12M8 18h12M4 6h.01M4 12h.01M4 18h.01',
  pending: 'M12 8v5l3 2M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18z',
  workflow: 'M5 6h6v4H5zM13 14h6v4h-6zM8 10v4h5M16 10V6h-5',
  supporting: 'M21 11l-8.5 8.5a5 5 0 0 1-7-7L14 4a3.3 3.3 0 0 1 4.7 4.7L10 17.4a1.7 1.7 0 0 1-2.4-2.4L15 7.6',
  completed: 'M6 3h12v18H6zM9 12l2 2 4-4',
  database: 'M4 6c0-1.7 3.6-3 8-3s8 1.3 8 3-3.6 3-8 3-8-1.3-8-3zM4 6v12c0 1.7 3.6 3 8 3s8-1.3 8-3V6M4 12c0 1.7 3.6 3 8 3s8-1.3 8-3',
  analysis: 'M4 20V10M10 20V4M16 20v-7M22 20H2',
  dsm: 'M3 7h18v13H3zM8 7V4h8v3M3 12h18',
  mystorage: 'M3 6h7l2 2h9v11H3z',
  iforms: 'M4 4h16v12H4zM4 16l5-5 3 3 3-3 5 5M8 20h8',
  pforms: 'M5 4h14v16H5zM9 8h6M9 12h6M9 16h3',
  devices: 'M7 3h10v18H7zM11 18h2',
  actionlogs: 'M4 5h16M4 10h16M4 15h10M4 20h7',
  formaudit: 'M11 4a7 7 0 1 0 0 14 7 7 0 0 0 0-14zM21 21l-5-5',
  logs: 'M4 4h16v16H4zM8 9l3 3-3 3M13 15h3',
  'time-entry': 'M5 4h14v16H5zM9 8h6M9 12h6M9 16h4',
  'time-attendance': 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM12 7v5h4',
  account: 'M12 12a4 4 0 1 0 0-8 4 4 0 0 0 0 8zM4 21a8 8 0 0 1 16 0',
  users: 'M9 11a3.5 3.5 0 1 0 0-7 3.5 3.5 0 0 0 0 7zM2 20a7 7 0 0 1 14 0M16 4a3.5 3.5 0 0 1 0 7M18 14a6 6 0 0 1 4 6',
  settings:
    'M12 15a3 3 0 1 0 0-6 3 3 0 0 0 0 6zM19 12l2-1-2-4-2 .5-1.5-1L15 4h-6l-.5 2.5-1.5 1L5 7 3 11l2 1v1l-2 1 2 4 2-.5 1.5 1L9 22h6l.5-2.5 1.5-1 2 .5 2-4-2-1z',
  help: 'M12 3a9 9 0 1 0 0 18 9 9 0 0 0 0-18zM9.5 9a2.5 2.5 0 1 1 3.5 2.3c-.6.3-1 .9-1 1.6V14M12 17h.01',
  signout: 'M15 4h4v16h-4M10 16l-4-4 4-4M6 12h10',
  menu: 'M4 6h16M4 12h16M4 18h16',
  collapse: 'M15 6l-6 6 6 6',
  close: 'M6 6l12 12M18 6L6 18',
  envelope: 'M3 6h18v12H3zM3 6l9 7 9-7',
};

export function Icon({ name }: { name: string }) {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      <path d={paths[name] ?? paths.listing} />
    </svg>
  );
}
