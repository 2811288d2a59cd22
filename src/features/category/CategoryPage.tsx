// /category/{type}: the category's threads (SPEC §2 "Category page"). Filled in by the category issue.
import { useParams } from '@tanstack/react-router';
import { ComingSoon } from '../../ui/ComingSoon.tsx';

const HEADINGS: Record<string, string> = {
  guapcoin: 'Guapcoin Discussions',
  crypto: 'Cryptocurrency',
  support: 'Support & Help',
};

export function CategoryPage() {
  const { type } = useParams({ from: '/shell/category/$type' });
  return (
    <ComingSoon title={HEADINGS[type] ?? 'Forum'} icon="list">
      Threads in this category, with sorting by latest, most popular and most replies.
    </ComingSoon>
  );
}
