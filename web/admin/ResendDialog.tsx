import { Dialog } from "./parts";

/** Tracking was emailed already; updating asks whether to send it again, with forceResend (docs/product.md#dispatch-and-tracking). */
export function ResendDialog({ onResend, onSaveOnly, onClose }: { onResend: () => void; onSaveOnly: () => void; onClose: () => void }) {
  return (
    <Dialog
      title="Resend the tracking email?"
      onClose={onClose}
      actions={
        <>
          <button type="button" className="button button--ghost" onClick={onClose}>
            Back
          </button>
          <button type="button" className="button button--secondary" onClick={onSaveOnly}>
            Save without emailing
          </button>
          <button type="button" className="button button--primary" onClick={onResend}>
            Resend email
          </button>
        </>
      }
    >
      <p>The customer has already been emailed their tracking details. Send the updated tracking email again?</p>
    </Dialog>
  );
}
