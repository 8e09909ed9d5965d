/**
 * The owner's one-line announcement (configuration `announcement`) above every shop page; nothing when blank
 * (docs/decisions/0021-shop-identity-in-configuration.md).
 */
export function AnnouncementBar({ text }: { text: string }) {
  if (text === "") return null;
  return (
    <p className="announcement-bar" role="note" aria-label="Announcement">
      {text}
    </p>
  );
}
