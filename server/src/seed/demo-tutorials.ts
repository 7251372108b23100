/**
 * The demo's tutorials and translations: the introduction video and the getting-started guide
 * the app ships (`web/public/media/fallback/`), offered to every company, and German for a few
 * of the interface's words, so the translation widget has a language to switch to.
 */
import type { Database } from '../db/database.js';
import { translations, tutorials } from '../db/schema.js';
import type { DemoContext } from './demo-areas.js';

export const demoTutorials = [
  { kind: 'video', path: 'general', url: '/media/fallback/intro.webm', title: 'Introduction to formsign', position: 1 },
  { kind: 'pdf', path: 'general', url: '/media/fallback/getting-started.pdf', title: 'Getting started with formsign', position: 1 },
] as const;

/** German for the side menu's and the header's words. */
export const demoGerman: Record<string, string> = {
  Dashboard: 'Übersicht',
  Templates: 'Vorlagen',
  'Manage Template': 'Vorlage verwalten',
  'Template List': 'Vorlagenliste',
  'In Progress': 'In Bearbeitung',
  'Action Required': 'Handlung erforderlich',
  'Workflow (In Progress)': 'Workflow (in Bearbeitung)',
  'Supporting Documents': 'Belege',
  Completed: 'Abgeschlossen',
  Forms: 'Formulare',
  Database: 'Datenbank',
  Analysis: 'Analyse',
  'Case Management': 'Fallverwaltung',
  Documents: 'Dokumente',
  Logs: 'Protokolle',
  'Connected Devices': 'Verbundene Geräte',
  'Time Attendance': 'Zeiterfassung',
  'Entry Book': 'Eintragsbuch',
  'My Account': 'Mein Konto',
  Users: 'Benutzer',
  Settings: 'Einstellungen',
  Help: 'Hilfe',
  'Sign out': 'Abmelden',
  'Tutorial Videos': 'Lernvideos',
  'Contact Us': 'Kontakt',
};

export async function seedTutorials(tx: Database, demo: DemoContext): Promise<void> {
  await tx.insert(tutorials).values(demoTutorials.map((tutorial) => ({ ...tutorial, companyId: null, icon: '' })));
  await tx
    .insert(translations)
    .values(Object.entries(demoGerman).map(([source, text]) => ({ companyId: demo.companyId, language: 'de', source, text })));
}
