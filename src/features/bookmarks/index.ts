// What the bookmarks feature offers other features: the Bookmark action of a post.
export { BookmarkButton } from './BookmarkButton.tsx';
