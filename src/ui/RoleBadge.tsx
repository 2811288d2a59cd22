// The gold Admin and blue Mod badges shown next to usernames (SPEC §6).
export function RoleBadge({ role }: { role?: string | null }) {
  if (role === 'admin') return <span className="badge badge-admin">Admin</span>;
  if (role === 'moderator') return <span className="badge badge-mod">Mod</span>;
  return null;
}
