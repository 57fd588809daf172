-- A reporting view and the audit triggers the shop relies on.

CREATE VIEW v_order_summary AS
SELECT o.id AS order_id, o.order_number, o.status_code, c.email AS customer_email,
       o.total_cents, o.currency_code, COUNT(l.id) AS line_count
FROM sales_order o
JOIN customer c ON c.id = o.customer_id
LEFT JOIN sales_order_line l ON l.order_id = o.id
GROUP BY o.id, o.order_number, o.status_code, c.email, o.total_cents, o.currency_code;

-- Every status change of an order is recorded; the application never writes this table itself.
CREATE TRIGGER trg_sales_order_status_history AFTER UPDATE ON sales_order FOR EACH ROW
INSERT INTO order_status_history (order_id, from_status, to_status)
SELECT NEW.id, OLD.status_code, NEW.status_code FROM DUAL WHERE NOT (NEW.status_code <=> OLD.status_code);

-- Refunds and customer deletions are audited.
CREATE TRIGGER trg_payment_refund_audit AFTER INSERT ON payment_refund FOR EACH ROW
INSERT INTO audit_log (entity_type, entity_id, action, detail)
VALUES ('payment', NEW.payment_id, 'refund', CONCAT('amount_cents=', NEW.amount_cents));

CREATE TRIGGER trg_customer_deleted_audit AFTER DELETE ON customer FOR EACH ROW
INSERT INTO audit_log (entity_type, entity_id, action, detail)
VALUES ('customer', OLD.id, 'deleted', OLD.email);
