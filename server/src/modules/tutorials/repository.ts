/**
 * The queries of tutorials: the ones a company sees (every company's, `company_id` null, and
 * its own), and the subtitle tracks it saved for the videos.
 */
import { and, asc, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Database } from '../../db/database.js';
import { subtitleTracks, tutorials } from '../../db/schema.js';

export type TutorialRecord = typeof tutorials.$inferSelect;
export type TrackRecord = typeof subtitleTracks.$inferSelect;

export async function tutorialsFor(db: Database, companyId: number, kind: 'video' | 'pdf'): Promise<TutorialRecord[]> {
  return db
    .select()
    .from(tutorials)
    .where(and(eq(tutorials.kind, kind), or(isNull(tutorials.companyId), eq(tutorials.companyId, companyId))))
    .orderBy(asc(tutorials.position), asc(tutorials.id));
}

/** A video the company sees, by its address, or (an uploaded one) by its file's key. */
export async function findVideo(db: Database, companyId: number, url: string, fileKey: string | null = null): Promise<TutorialRecord | undefined> {
  const [row] = await db
    .select()
    .from(tutorials)
    .where(
      and(
        eq(tutorials.kind, 'video'),
        fileKey ? eq(tutorials.fileKey, fileKey) : eq(tutorials.url, url),
        or(isNull(tutorials.companyId), eq(tutorials.companyId, companyId)),
      ),
    )
    .limit(1);
  return row;
}

/** The company's own tutorial of a kind, locked for a change (never one every company sees). */
export async function ownTutorialForUpdate(db: Database, companyId: number, id: number, kind: 'video' | 'pdf'): Promise<TutorialRecord | undefined> {
  const [row] = await db
    .select()
    .from(tutorials)
    .where(and(eq(tutorials.id, id), eq(tutorials.companyId, companyId), eq(tutorials.kind, kind)))
    .for('update');
  return row;
}

/** The place after every tutorial of the kind the company sees. */
export async function nextPosition(db: Database, companyId: number, kind: 'video' | 'pdf'): Promise<number> {
  const [row] = await db
    .select({ last: sql<number | null>`max(${tutorials.position})` })
    .from(tutorials)
    .where(and(eq(tutorials.kind, kind), or(isNull(tutorials.companyId), eq(tutorials.companyId, companyId))));
  return (row?.last ?? -1) + 1;
}

export async function insertTutorial(db: Database, tutorial: typeof tutorials.$inferInsert): Promise<TutorialRecord> {
  const [row] = await db.insert(tutorials).values(tutorial).returning();
  if (!row) throw new Error('The tutorial was not saved.');
  return row;
}

export async function updateTutorial(db: Database, id: number, change: Partial<Pick<TutorialRecord, 'title' | 'path' | 'fileKey'>>): Promise<void> {
  await db.update(tutorials).set(change).where(eq(tutorials.id, id));
}

/** Deletes a company's tutorial and its subtitle tracks; answers the tracks' files. */
export async function deleteTutorial(db: Database, tutorial: TutorialRecord): Promise<string[]> {
  if (tutorial.companyId === null) throw new Error('A tutorial every company sees is not deleted here.');
  const tracks = await db
    .delete(subtitleTracks)
    .where(and(eq(subtitleTracks.companyId, tutorial.companyId), eq(subtitleTracks.video, tutorial.url)))
    .returning({ fileKey: subtitleTracks.fileKey });
  await db.delete(tutorials).where(eq(tutorials.id, tutorial.id));
  return tracks.map((track) => track.fileKey);
}

/** The company's tracks of these videos, by language. */
export async function tracksOf(db: Database, companyId: number, videos: readonly string[]): Promise<TrackRecord[]> {
  if (videos.length === 0) return [];
  return db
    .select()
    .from(subtitleTracks)
    .where(and(eq(subtitleTracks.companyId, companyId), inArray(subtitleTracks.video, [...videos])))
    .orderBy(asc(subtitleTracks.srclang), asc(subtitleTracks.id));
}

export async function findTrackForUpdate(db: Database, companyId: number, video: string, srclang: string): Promise<TrackRecord | undefined> {
  const [row] = await db
    .select()
    .from(subtitleTracks)
    .where(and(eq(subtitleTracks.companyId, companyId), eq(subtitleTracks.video, video), eq(subtitleTracks.srclang, srclang)))
    .for('update');
  return row;
}

/** Saves a company's track of a video in a language, replacing the one it had. */
export async function saveTrack(db: Database, track: typeof subtitleTracks.$inferInsert): Promise<void> {
  await db
    .insert(subtitleTracks)
    .values(track)
    .onConflictDoUpdate({
      target: [subtitleTracks.companyId, subtitleTracks.video, subtitleTracks.srclang],
      set: { label: sql`excluded.label`, fileKey: sql`excluded.file_key`, updatedAt: sql`excluded.updated_at` },
    });
}
