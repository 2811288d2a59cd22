// The manifest's share_target (GET /create-thread?title=&text=&url=): what another app shares opens Create Thread
// filled in. Apps differ: many put the link inside text, some send it apart in url, few send a title.
import { youTubeId, youTubeMarker } from '../../content/youtube.ts';

export interface SharePrefill {
  title: string;
  content: string;
}

export function sharePrefill(search: string): SharePrefill | null {
  const params = new URLSearchParams(search);
  const title = params.get('title')?.trim() ?? '';
  const text = params.get('text')?.trim() ?? '';
  const url = params.get('url')?.trim() ?? '';
  if (!title && !text && !url) return null;
  const parts = [text];
  if (url && !text.includes(url)) {
    // A shared video becomes the marker the forum plays, rather than a bare link.
    const videoId = youTubeId(url);
    parts.push(videoId ? youTubeMarker(videoId) : url);
  }
  return { title, content: parts.filter(Boolean).join('\n\n') };
}
