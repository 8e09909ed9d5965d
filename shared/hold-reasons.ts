/**
 * Why the owner asks the shopper (docs/decisions/0048-order-holds.md): the call's reasons, their words, and the
 * message "Ask the customer…" prepares for each, which the owner edits before sending. Server and admin both read it.
 */
export const HOLD_REASONS = ["photo_quality", "route_edge", "model_printability", "confirm_text", "approve_proof", "other"] as const;
export type HoldReason = (typeof HOLD_REASONS)[number];

/**
 * What a question starts with unless the owner changes it: "Ask the customer…" opens with these, and a "Proof before
 * making" question, which the shop asks on its own when the order is paid, is sent with them.
 */
export const HOLD_DEFAULTS = { windowDays: 10, defaultAction: "wait", allowCancel: true } as const;

export const REASON_LABELS: Record<HoldReason, string> = {
  photo_quality: "The photo is too dark or too small",
  route_edge: "The route runs off the edge or is too short",
  model_printability: "The model cannot be printed as it is",
  confirm_text: "Please confirm the text",
  approve_proof: "Please approve the proof",
  other: "A question about your order",
};

export const PREPARED_MESSAGES: Record<HoldReason, string> = {
  photo_quality:
    "Your photo is quite dark or small, so the lithophane would come out muddy. The picture below shows how it would look lit. Could you send a brighter or larger photo? Or approve it if you are happy as it is.",
  route_edge:
    "Your route runs off the edge of the tile (or is very short), so part of it would be lost. The picture below shows the tile as it would be printed. Could you send a trimmed route? Or approve it if you are happy as it is.",
  model_printability:
    "Your model has parts we cannot print as they are (too thin, or floating in the air). Could you send a corrected model, or tell us how you would like us to go on?",
  confirm_text: "Before we print, please check the text exactly as it will appear on your order and confirm it is right.",
  approve_proof: "Here is the proof of your order as we will make it. Please approve it, or tell us what to change.",
  other: "",
};
