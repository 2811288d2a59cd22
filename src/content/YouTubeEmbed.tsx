// A 16:9 YouTube embed that loads nothing from YouTube until the member clicks: privacy, and no third-party
// requests while reading offline.
import { useState } from 'react';
import styles from './Markdown.module.css';

export function YouTubeEmbed({ videoId }: { videoId: string }) {
  const [playing, setPlaying] = useState(false);
  return (
    <span className={styles.video}>
      {playing ? (
        <iframe
          src={`https://www.youtube-nocookie.com/embed/${videoId}?autoplay=1`}
          title="YouTube video"
          allow="accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture"
          allowFullScreen
          loading="lazy"
        />
      ) : (
        <button type="button" className={styles.videoPlaceholder} onClick={() => setPlaying(true)}>
          <span aria-hidden="true" className={styles.play}>
            ▶
          </span>
          Play YouTube video
        </button>
      )}
    </span>
  );
}
