/** Issue 16: the owner's one-line announcement (configuration `announcement`) above every shop page; nothing when blank. */
export function AnnouncementBar({ text }: { text: string }) {
  if (text === "") return null;
  return (
    <p className="announcement-bar" role="note" aria-label="Announcement">
      {text}
    </p>
  );
}
