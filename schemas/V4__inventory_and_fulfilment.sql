-- Warehouses, stock, purchasing, shipping and returns.

CREATE TABLE warehouse (
  id BIGINT NOT NULL AUTO_INCREMENT,
  warehouse_code VARCHAR(16) NOT NULL,
  name VARCHAR(120) NOT NULL,
  country_code CHAR(2) NOT NULL,
  is_active BOOLEAN NOT NULL DEFAULT TRUE,
  PRIMARY KEY (id),
  UNIQUE KEY uk_warehouse_code (warehouse_code),
  CONSTRAINT fk_warehouse_country_code FOREIGN KEY (country_code) REFERENCES country (code)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE warehouse_zone (
  id BIGINT NOT NULL AUTO_INCREMENT,
  warehouse_id BIGINT NOT NULL,
  name VARCHAR(120) NOT NULL,
  is_cold BOOLEAN NOT NULL DEFAULT FALSE,
  PRIMARY KEY (id),
  CONSTRAINT fk_warehouse_zone_warehouse_id FOREIGN KEY (warehouse_id) REFERENCES warehouse (id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE bin_location (
  id BIGINT NOT NULL AUTO_INCREMENT,
  zone_id BIGINT NOT NULL,
  label VARCHAR(20) NOT NULL,
  PRIMARY KEY (id),
  CONSTRAINT fk_bin_location_zone_id FOREIGN KEY (zone_id) REFERENCES warehouse_zone (id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE stock_level (
  id BIGINT NOT NULL AUTO_INCREMENT,
  warehouse_id BIGINT NOT NULL,
  product_id BIGINT NOT NULL,
  on_hand INT NOT NULL DEFAULT 0,
  reserved INT NOT NULL DEFAULT 0,
  updated_at TIMESTAMP NULL DEFAULT NULL,
  PRIMARY KEY (id),
  UNIQUE KEY uk_stock_level (warehouse_id, product_id),
  CONSTRAINT ck_stock_reserved CHECK (reserved >= 0 AND reserved <= on_hand),
  CONSTRAINT fk_stock_level_warehouse_id FOREIGN KEY (warehouse_id) REFERENCES warehouse (id),
  CONSTRAINT fk_stock_level_product_id FOREIGN KEY (product_id) REFERENCES product (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE stock_movement (
  id BIGINT NOT NULL AUTO_INCREMENT,
  warehouse_id BIGINT NOT NULL,
  product_id BIGINT NOT NULL,
  quantity_delta INT NOT NULL,
  reason VARCHAR(40) NOT NULL,
  reference VARCHAR(64) NULL,
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id),
  CONSTRAINT fk_stock_movement_warehouse_id FOREIGN KEY (warehouse_id) REFERENCES warehouse (id),
  CONSTRAINT fk_stock_movement_product_id FOREIGN KEY (product_id) REFERENCES product (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE stock_reservation (
  id BIGINT NOT NULL AUTO_INCREMENT,
  order_line_id BIGINT NOT NULL,
  warehouse_id BIGINT NOT NULL,
  quantity INT NOT NULL,
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id),
  CONSTRAINT fk_stock_reservation_order_line_id FOREIGN KEY (order_line_id) REFERENCES sales_order_line (id) ON DELETE CASCADE,
  CONSTRAINT fk_stock_reservation_warehouse_id FOREIGN KEY (warehouse_id) REFERENCES warehouse (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE stock_count (
  id BIGINT NOT NULL AUTO_INCREMENT,
  warehouse_id BIGINT NOT NULL,
  status VARCHAR(20) NOT NULL DEFAULT 'OPEN',
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id),
  CONSTRAINT fk_stock_count_warehouse_id FOREIGN KEY (warehouse_id) REFERENCES warehouse (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE stock_count_line (
  id BIGINT NOT NULL AUTO_INCREMENT,
  stock_count_id BIGINT NOT NULL,
  product_id BIGINT NOT NULL,
  counted INT NOT NULL,
  bin_id BIGINT NULL,
  PRIMARY KEY (id),
  CONSTRAINT fk_stock_count_line_stock_count_id FOREIGN KEY (stock_count_id) REFERENCES stock_count (id) ON DELETE CASCADE,
  CONSTRAINT fk_stock_count_line_product_id FOREIGN KEY (product_id) REFERENCES product (id),
  CONSTRAINT fk_stock_count_line_bin_id FOREIGN KEY (bin_id) REFERENCES bin_location (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE purchase_order (
  id BIGINT NOT NULL AUTO_INCREMENT,
  supplier_id BIGINT NOT NULL,
  warehouse_id BIGINT NOT NULL,
  po_number VARCHAR(32) NOT NULL,
  status VARCHAR(20) NOT NULL DEFAULT 'DRAFT',
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id),
  UNIQUE KEY uk_po_number (po_number),
  CONSTRAINT fk_purchase_order_supplier_id FOREIGN KEY (supplier_id) REFERENCES supplier (id),
  CONSTRAINT fk_purchase_order_warehouse_id FOREIGN KEY (warehouse_id) REFERENCES warehouse (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE purchase_order_line (
  id BIGINT NOT NULL AUTO_INCREMENT,
  purchase_order_id BIGINT NOT NULL,
  product_id BIGINT NOT NULL,
  quantity INT NOT NULL,
  cost_cents BIGINT NOT NULL,
  PRIMARY KEY (id),
  CONSTRAINT fk_purchase_order_line_purchase_order_id FOREIGN KEY (purchase_order_id) REFERENCES purchase_order (id) ON DELETE CASCADE,
  CONSTRAINT fk_purchase_order_line_product_id FOREIGN KEY (product_id) REFERENCES product (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE goods_receipt (
  id BIGINT NOT NULL AUTO_INCREMENT,
  purchase_order_id BIGINT NOT NULL,
  received_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id),
  CONSTRAINT fk_goods_receipt_purchase_order_id FOREIGN KEY (purchase_order_id) REFERENCES purchase_order (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE goods_receipt_line (
  id BIGINT NOT NULL AUTO_INCREMENT,
  receipt_id BIGINT NOT NULL,
  po_line_id BIGINT NOT NULL,
  quantity INT NOT NULL,
  PRIMARY KEY (id),
  CONSTRAINT fk_goods_receipt_line_receipt_id FOREIGN KEY (receipt_id) REFERENCES goods_receipt (id) ON DELETE CASCADE,
  CONSTRAINT fk_goods_receipt_line_po_line_id FOREIGN KEY (po_line_id) REFERENCES purchase_order_line (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE supplier_invoice (
  id BIGINT NOT NULL AUTO_INCREMENT,
  supplier_id BIGINT NOT NULL,
  purchase_order_id BIGINT NULL,
  total_cents BIGINT NOT NULL,
  due_date DATE NOT NULL,
  PRIMARY KEY (id),
  CONSTRAINT fk_supplier_invoice_supplier_id FOREIGN KEY (supplier_id) REFERENCES supplier (id),
  CONSTRAINT fk_supplier_invoice_purchase_order_id FOREIGN KEY (purchase_order_id) REFERENCES purchase_order (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE supplier_invoice_line (
  id BIGINT NOT NULL AUTO_INCREMENT,
  supplier_invoice_id BIGINT NOT NULL,
  po_line_id BIGINT NULL,
  amount_cents BIGINT NOT NULL,
  PRIMARY KEY (id),
  CONSTRAINT fk_supplier_invoice_line_supplier_invoice_id FOREIGN KEY (supplier_invoice_id) REFERENCES supplier_invoice (id) ON DELETE CASCADE,
  CONSTRAINT fk_supplier_invoice_line_po_line_id FOREIGN KEY (po_line_id) REFERENCES purchase_order_line (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE transfer_order (
  id BIGINT NOT NULL AUTO_INCREMENT,
  from_warehouse_id BIGINT NOT NULL,
  to_warehouse_id BIGINT NOT NULL,
  status VARCHAR(20) NOT NULL DEFAULT 'OPEN',
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id),
  CONSTRAINT fk_transfer_order_from_warehouse_id FOREIGN KEY (from_warehouse_id) REFERENCES warehouse (id),
  CONSTRAINT fk_transfer_order_to_warehouse_id FOREIGN KEY (to_warehouse_id) REFERENCES warehouse (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE transfer_order_line (
  id BIGINT NOT NULL AUTO_INCREMENT,
  transfer_order_id BIGINT NOT NULL,
  product_id BIGINT NOT NULL,
  quantity INT NOT NULL,
  PRIMARY KEY (id),
  CONSTRAINT fk_transfer_order_line_transfer_order_id FOREIGN KEY (transfer_order_id) REFERENCES transfer_order (id) ON DELETE CASCADE,
  CONSTRAINT fk_transfer_order_line_product_id FOREIGN KEY (product_id) REFERENCES product (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE pick_list (
  id BIGINT NOT NULL AUTO_INCREMENT,
  warehouse_id BIGINT NOT NULL,
  order_id BIGINT NOT NULL,
  status VARCHAR(20) NOT NULL DEFAULT 'OPEN',
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id),
  CONSTRAINT fk_pick_list_warehouse_id FOREIGN KEY (warehouse_id) REFERENCES warehouse (id),
  CONSTRAINT fk_pick_list_order_id FOREIGN KEY (order_id) REFERENCES sales_order (id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE pick_list_line (
  id BIGINT NOT NULL AUTO_INCREMENT,
  pick_list_id BIGINT NOT NULL,
  order_line_id BIGINT NOT NULL,
  bin_id BIGINT NULL,
  quantity INT NOT NULL,
  picked INT NOT NULL DEFAULT 0,
  PRIMARY KEY (id),
  CONSTRAINT fk_pick_list_line_pick_list_id FOREIGN KEY (pick_list_id) REFERENCES pick_list (id) ON DELETE CASCADE,
  CONSTRAINT fk_pick_list_line_order_line_id FOREIGN KEY (order_line_id) REFERENCES sales_order_line (id) ON DELETE CASCADE,
  CONSTRAINT fk_pick_list_line_bin_id FOREIGN KEY (bin_id) REFERENCES bin_location (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE shipment (
  id BIGINT NOT NULL AUTO_INCREMENT,
  order_id BIGINT NOT NULL,
  carrier_code VARCHAR(20) NOT NULL,
  warehouse_id BIGINT NOT NULL,
  tracking_number VARCHAR(64) NULL,
  status VARCHAR(20) NOT NULL DEFAULT 'PREPARING',
  shipped_at TIMESTAMP NULL,
  delivered_at TIMESTAMP NULL,
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id),
  CONSTRAINT fk_shipment_order_id FOREIGN KEY (order_id) REFERENCES sales_order (id),
  CONSTRAINT fk_shipment_carrier_code FOREIGN KEY (carrier_code) REFERENCES shipping_carrier (code),
  CONSTRAINT fk_shipment_warehouse_id FOREIGN KEY (warehouse_id) REFERENCES warehouse (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE shipment_item (
  id BIGINT NOT NULL AUTO_INCREMENT,
  shipment_id BIGINT NOT NULL,
  order_line_id BIGINT NOT NULL,
  quantity INT NOT NULL,
  PRIMARY KEY (id),
  CONSTRAINT fk_shipment_item_shipment_id FOREIGN KEY (shipment_id) REFERENCES shipment (id) ON DELETE CASCADE,
  CONSTRAINT fk_shipment_item_order_line_id FOREIGN KEY (order_line_id) REFERENCES sales_order_line (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE shipment_package (
  id BIGINT NOT NULL AUTO_INCREMENT,
  shipment_id BIGINT NOT NULL,
  weight_grams INT NOT NULL,
  length_mm INT NULL,
  width_mm INT NULL,
  height_mm INT NULL,
  PRIMARY KEY (id),
  CONSTRAINT fk_shipment_package_shipment_id FOREIGN KEY (shipment_id) REFERENCES shipment (id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE tracking_event (
  id BIGINT NOT NULL AUTO_INCREMENT,
  shipment_id BIGINT NOT NULL,
  event_code VARCHAR(40) NOT NULL,
  location VARCHAR(120) NULL,
  occurred_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id),
  CONSTRAINT fk_tracking_event_shipment_id FOREIGN KEY (shipment_id) REFERENCES shipment (id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE delivery_slot (
  id BIGINT NOT NULL AUTO_INCREMENT,
  warehouse_id BIGINT NOT NULL,
  starts_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  capacity INT NOT NULL,
  PRIMARY KEY (id),
  CONSTRAINT fk_delivery_slot_warehouse_id FOREIGN KEY (warehouse_id) REFERENCES warehouse (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE delivery_booking (
  id BIGINT NOT NULL AUTO_INCREMENT,
  slot_id BIGINT NOT NULL,
  order_id BIGINT NOT NULL,
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id),
  CONSTRAINT fk_delivery_booking_slot_id FOREIGN KEY (slot_id) REFERENCES delivery_slot (id),
  CONSTRAINT fk_delivery_booking_order_id FOREIGN KEY (order_id) REFERENCES sales_order (id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE return_request (
  id BIGINT NOT NULL AUTO_INCREMENT,
  order_id BIGINT NOT NULL,
  customer_id BIGINT NOT NULL,
  reason_code VARCHAR(20) NOT NULL,
  status VARCHAR(20) NOT NULL DEFAULT 'REQUESTED',
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  updated_at TIMESTAMP NULL DEFAULT NULL,
  PRIMARY KEY (id),
  CONSTRAINT fk_return_request_order_id FOREIGN KEY (order_id) REFERENCES sales_order (id),
  CONSTRAINT fk_return_request_customer_id FOREIGN KEY (customer_id) REFERENCES customer (id),
  CONSTRAINT fk_return_request_reason_code FOREIGN KEY (reason_code) REFERENCES return_reason (code)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE return_item (
  id BIGINT NOT NULL AUTO_INCREMENT,
  return_id BIGINT NOT NULL,
  order_line_id BIGINT NOT NULL,
  quantity INT NOT NULL,
  PRIMARY KEY (id),
  CONSTRAINT fk_return_item_return_id FOREIGN KEY (return_id) REFERENCES return_request (id) ON DELETE CASCADE,
  CONSTRAINT fk_return_item_order_line_id FOREIGN KEY (order_line_id) REFERENCES sales_order_line (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE refund_decision (
  id BIGINT NOT NULL AUTO_INCREMENT,
  return_id BIGINT NOT NULL,
  approved BOOLEAN NOT NULL,
  amount_cents BIGINT NOT NULL,
  decided_by VARCHAR(80) NOT NULL,
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id),
  CONSTRAINT fk_refund_decision_return_id FOREIGN KEY (return_id) REFERENCES return_request (id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

