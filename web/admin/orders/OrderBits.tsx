import { formatPence } from "../../../shared/money";
import { orderReference } from "../../../shared/order-view";
import type { RemovedFile } from "../../../shared/removed-file";
import { modelAnalysisFacts, modelChoiceText } from "../../lib/model-line";
import { enc } from "../api";
import { AmountCell, ColumnHeadings, shortDate } from "../parts";
import { RemovedFileLine } from "../RemovedFile";
import type { AdminOrder, AdminOrderSummary } from "../types";

/** Order status as stored (paid, fulfilled, canceled), as a coloured label. */
export function StatusBadge({ status }: { status: string }) {
  const tone = status === "paid" ? "info" : status === "fulfilled" ? "success" : status === "canceled" ? "muted" : "warning";
  return <span className={`admin-badge admin-badge--${tone}`}>{status}</span>;
}

export function isTruthyFlag(value: boolean | number | null | undefined): boolean {
  return value === true || value === 1;
}

/** The orders table, shared by the dashboard's five latest and the orders page. */
export function OrdersTable({ orders, label, onOpen }: { orders: AdminOrderSummary[]; label: string; onOpen: (id: string) => void }) {
  return (
    <table className="admin-table admin-table--cards admin-table--orders">
      <caption className="visually-hidden">{label}</caption>
      <ColumnHeadings
        columns={[
          "Reference",
          "Placed",
          "Customer",
          { label: "Items", align: "num" },
          { label: "Total", align: "num" },
          "Status",
          "Tracking",
        ]}
      />
      <tbody>
        {orders.map((order) => (
          <tr key={order.id}>
            <td data-label="Reference">
              <button type="button" className="admin-link-button admin-mono admin-nowrap" onClick={() => onOpen(order.id)}>
                <span className="visually-hidden">View order </span>
                {orderReference(order.id)}
              </button>
            </td>
            <td data-label="Placed" className="admin-nowrap">
              {shortDate(order.created_at)}
            </td>
            <td data-label="Customer">
              <span className="admin-cell-title">{order.shipping_name || "—"}</span>
              <span className="admin-cell-sub">{[order.email, order.shipping_postal_code].filter(Boolean).join(" · ")}</span>
            </td>
            <AmountCell label="Items">{order.item_count}</AmountCell>
            <td data-label="Total" className="admin-num admin-nowrap">
              {formatPence(order.amount_cents)}
            </td>
            <td data-label="Status">
              <StatusBadge status={order.status} />
              {isTruthyFlag(order.refund_required) && <span className="admin-badge admin-badge--danger">refund needed</span>}
              {order.gift && <span className="admin-badge">Gift</span>}
            </td>
            <td data-label="Tracking" className="admin-nowrap">
              {order.tracking_number ? `${order.tracking_carrier ?? ""} ${order.tracking_number}`.trim() : "—"}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

type OrderItem = AdminOrder["items"][number];

/**
 * What the shopper uploaded for one line: the route drawn as map and profile,
 * or the photo as its lithophane preview, each with the original file to
 * download. The previews are the same drawings the shopper saw. A model shows
 * its file to download, the material and colour, and what the shop measured.
 */
export function ItemUploads({ item, removed = [] }: { item: Pick<OrderItem, "product_name" | "meta">; removed?: RemovedFile[] }) {
  const { gpxToken, gpxName, imageToken, imageName, modelToken, modelName } = item.meta ?? {};
  if (!gpxToken && !imageToken && !modelToken) return null;
  const modelFile = modelName || "model.stl";
  const routeName = gpxName || "route.gpx";
  const photoName = imageName || "photo.jpg";
  // Deleted after dispatch, so neither preview nor download exists any more
  // (docs/decisions/0023-customer-files-kept-no-longer-than-needed.md).
  const gone = (token: string | undefined) => removed.find((file) => file.ref === token);
  const routeGone = gone(gpxToken);
  const photoGone = gone(imageToken);
  const modelGone = gone(modelToken);
  return (
    <ul className="admin-uploads" aria-label={`Files for ${item.product_name}`}>
      {routeGone && (
        <li className="admin-upload">
          <RemovedFileLine file={routeGone} />
        </li>
      )}
      {photoGone && (
        <li className="admin-upload">
          <RemovedFileLine file={photoGone} />
        </li>
      )}
      {modelGone && (
        <li className="admin-upload">
          <RemovedFileLine file={modelGone} />
        </li>
      )}
      {modelToken && !modelGone && (
        <li className="admin-upload admin-upload--model" data-testid="admin-model">
          <UploadCaption kind="Model" name={modelFile} href={`/api/admin/download/model/${enc(modelToken)}`} linkText="Download model" />
          <p className="admin-upload__facts">{modelChoiceText(item.meta)}</p>
          {modelAnalysisFacts(item.meta).length > 0 && (
            <p className="admin-upload__facts muted">{modelAnalysisFacts(item.meta).join(" · ")}</p>
          )}
        </li>
      )}
      {gpxToken && !routeGone && (
        <li className="admin-upload admin-upload--route">
          <img
            className="admin-upload__preview"
            src={`/api/uploads/${enc(gpxToken)}/preview.svg`}
            alt={`Route map and elevation profile of ${routeName}`}
            width={640}
            height={596}
            loading="lazy"
          />
          <UploadCaption kind="Route" name={routeName} href={`/api/admin/download/gpx/${enc(gpxToken)}`} linkText="Download GPX" />
        </li>
      )}
      {imageToken && !photoGone && (
        <li className="admin-upload admin-upload--photo">
          <img
            className="admin-upload__preview"
            src={`/api/uploads/${enc(imageToken)}/preview.jpg`}
            alt={`Lithophane preview of ${photoName}`}
            loading="lazy"
          />
          <UploadCaption kind="Photo" name={photoName} href={`/api/admin/download/image/${enc(imageToken)}`} linkText="Download photo" />
        </li>
      )}
    </ul>
  );
}

/** An upload's name under its preview, and its download link (named with the file, for screen readers). */
function UploadCaption({ kind, name, href, linkText }: { kind: string; name: string; href: string; linkText: string }) {
  return (
    <p className="admin-upload__caption">
      <span className="admin-upload__name">
        <span className="muted">{kind} </span>
        {name}
      </span>
      <a className="admin-upload__download" href={href} download={name}>
        {linkText}
        <span className="visually-hidden"> {name}</span>
      </a>
    </p>
  );
}
