-- Carts, orders, discounts, payments, invoices and subscriptions.

CREATE TABLE cart (
  id BIGINT NOT NULL AUTO_INCREMENT,
  customer_id BIGINT NULL,
  currency_code CHAR(3) NOT NULL,
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  updated_at TIMESTAMP NULL DEFAULT NULL,
  PRIMARY KEY (id),
  CONSTRAINT fk_cart_customer_id FOREIGN KEY (customer_id) REFERENCES customer (id),
  CONSTRAINT fk_cart_currency_code FOREIGN KEY (currency_code) REFERENCES currency (code)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE cart_item (
  id BIGINT NOT NULL AUTO_INCREMENT,
  cart_id BIGINT NOT NULL,
  product_id BIGINT NOT NULL,
  quantity INT NOT NULL,
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id),
  CONSTRAINT fk_cart_item_cart_id FOREIGN KEY (cart_id) REFERENCES cart (id) ON DELETE CASCADE,
  CONSTRAINT fk_cart_item_product_id FOREIGN KEY (product_id) REFERENCES product (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE sales_order (
  id BIGINT NOT NULL AUTO_INCREMENT,
  order_number VARCHAR(32) NOT NULL,
  customer_id BIGINT NOT NULL,
  status_code VARCHAR(20) NOT NULL,
  currency_code CHAR(3) NOT NULL,
  subtotal_cents BIGINT NOT NULL DEFAULT 0,
  discount_cents BIGINT NOT NULL DEFAULT 0,
  tax_cents BIGINT NOT NULL DEFAULT 0,
  total_cents BIGINT NOT NULL DEFAULT 0,
  placed_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  updated_at TIMESTAMP NULL DEFAULT NULL,
  PRIMARY KEY (id),
  UNIQUE KEY uk_order_number (order_number),
  KEY ix_order_customer_status (customer_id, status_code),
  CONSTRAINT fk_sales_order_customer_id FOREIGN KEY (customer_id) REFERENCES customer (id),
  CONSTRAINT fk_sales_order_status_code FOREIGN KEY (status_code) REFERENCES order_status (code),
  CONSTRAINT fk_sales_order_currency_code FOREIGN KEY (currency_code) REFERENCES currency (code)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE order_address (
  id BIGINT NOT NULL AUTO_INCREMENT,
  order_id BIGINT NOT NULL,
  kind VARCHAR(10) NOT NULL,
  full_name VARCHAR(120) NOT NULL,
  line1 VARCHAR(160) NOT NULL,
  city VARCHAR(80) NOT NULL,
  postal_code VARCHAR(16) NOT NULL,
  country_code CHAR(2) NOT NULL,
  PRIMARY KEY (id),
  CONSTRAINT fk_order_address_order_id FOREIGN KEY (order_id) REFERENCES sales_order (id) ON DELETE CASCADE,
  CONSTRAINT fk_order_address_country_code FOREIGN KEY (country_code) REFERENCES country (code)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE sales_order_line (
  id BIGINT NOT NULL AUTO_INCREMENT,
  order_id BIGINT NOT NULL,
  product_id BIGINT NOT NULL,
  quantity INT NOT NULL,
  unit_price_cents BIGINT NOT NULL,
  line_total_cents BIGINT NOT NULL,
  PRIMARY KEY (id),
  CONSTRAINT ck_line_quantity CHECK (quantity > 0),
  CONSTRAINT fk_sales_order_line_order_id FOREIGN KEY (order_id) REFERENCES sales_order (id) ON DELETE CASCADE,
  CONSTRAINT fk_sales_order_line_product_id FOREIGN KEY (product_id) REFERENCES product (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE order_status_history (
  id BIGINT NOT NULL AUTO_INCREMENT,
  order_id BIGINT NOT NULL,
  from_status VARCHAR(20) NULL,
  to_status VARCHAR(20) NOT NULL,
  changed_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id),
  CONSTRAINT fk_order_status_history_order_id FOREIGN KEY (order_id) REFERENCES sales_order (id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE order_note (
  id BIGINT NOT NULL AUTO_INCREMENT,
  order_id BIGINT NOT NULL,
  body TEXT NOT NULL,
  is_internal BOOLEAN NOT NULL DEFAULT TRUE,
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id),
  CONSTRAINT fk_order_note_order_id FOREIGN KEY (order_id) REFERENCES sales_order (id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE coupon (
  id BIGINT NOT NULL AUTO_INCREMENT,
  coupon_code VARCHAR(32) NOT NULL,
  discount_basis_points INT NOT NULL,
  max_redemptions INT NOT NULL,
  valid_until DATE NOT NULL,
  PRIMARY KEY (id),
  UNIQUE KEY uk_coupon_code (coupon_code)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE coupon_redemption (
  id BIGINT NOT NULL AUTO_INCREMENT,
  coupon_id BIGINT NOT NULL,
  order_id BIGINT NOT NULL,
  customer_id BIGINT NOT NULL,
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id),
  UNIQUE KEY uk_coupon_order (coupon_id, order_id),
  CONSTRAINT fk_coupon_redemption_coupon_id FOREIGN KEY (coupon_id) REFERENCES coupon (id),
  CONSTRAINT fk_coupon_redemption_order_id FOREIGN KEY (order_id) REFERENCES sales_order (id) ON DELETE CASCADE,
  CONSTRAINT fk_coupon_redemption_customer_id FOREIGN KEY (customer_id) REFERENCES customer (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE order_discount (
  id BIGINT NOT NULL AUTO_INCREMENT,
  order_id BIGINT NOT NULL,
  coupon_id BIGINT NULL,
  amount_cents BIGINT NOT NULL,
  description VARCHAR(200) NOT NULL,
  PRIMARY KEY (id),
  CONSTRAINT fk_order_discount_order_id FOREIGN KEY (order_id) REFERENCES sales_order (id) ON DELETE CASCADE,
  CONSTRAINT fk_order_discount_coupon_id FOREIGN KEY (coupon_id) REFERENCES coupon (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE promotion (
  id BIGINT NOT NULL AUTO_INCREMENT,
  name VARCHAR(120) NOT NULL,
  discount_basis_points INT NOT NULL,
  starts_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  ends_at TIMESTAMP NULL,
  PRIMARY KEY (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE promotion_product (
  id BIGINT NOT NULL AUTO_INCREMENT,
  promotion_id BIGINT NOT NULL,
  product_id BIGINT NOT NULL,
  PRIMARY KEY (id),
  CONSTRAINT fk_promotion_product_promotion_id FOREIGN KEY (promotion_id) REFERENCES promotion (id) ON DELETE CASCADE,
  CONSTRAINT fk_promotion_product_product_id FOREIGN KEY (product_id) REFERENCES product (id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE promotion_category (
  id BIGINT NOT NULL AUTO_INCREMENT,
  promotion_id BIGINT NOT NULL,
  category_id BIGINT NOT NULL,
  PRIMARY KEY (id),
  CONSTRAINT fk_promotion_category_promotion_id FOREIGN KEY (promotion_id) REFERENCES promotion (id) ON DELETE CASCADE,
  CONSTRAINT fk_promotion_category_category_id FOREIGN KEY (category_id) REFERENCES product_category (id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE gift_card (
  id BIGINT NOT NULL AUTO_INCREMENT,
  card_number VARCHAR(32) NOT NULL,
  currency_code CHAR(3) NOT NULL,
  balance_cents BIGINT NOT NULL,
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id),
  UNIQUE KEY uk_gift_card_number (card_number),
  CONSTRAINT fk_gift_card_currency_code FOREIGN KEY (currency_code) REFERENCES currency (code)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE gift_card_transaction (
  id BIGINT NOT NULL AUTO_INCREMENT,
  gift_card_id BIGINT NOT NULL,
  order_id BIGINT NULL,
  amount_cents BIGINT NOT NULL,
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id),
  CONSTRAINT fk_gift_card_transaction_gift_card_id FOREIGN KEY (gift_card_id) REFERENCES gift_card (id) ON DELETE CASCADE,
  CONSTRAINT fk_gift_card_transaction_order_id FOREIGN KEY (order_id) REFERENCES sales_order (id) ON DELETE SET NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE loyalty_transaction (
  id BIGINT NOT NULL AUTO_INCREMENT,
  account_id BIGINT NOT NULL,
  order_id BIGINT NULL,
  points_delta INT NOT NULL,
  reason VARCHAR(40) NOT NULL,
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id),
  CONSTRAINT fk_loyalty_transaction_account_id FOREIGN KEY (account_id) REFERENCES loyalty_account (id) ON DELETE CASCADE,
  CONSTRAINT fk_loyalty_transaction_order_id FOREIGN KEY (order_id) REFERENCES sales_order (id) ON DELETE SET NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE payment (
  id BIGINT NOT NULL AUTO_INCREMENT,
  order_id BIGINT NOT NULL,
  method_code VARCHAR(20) NOT NULL,
  amount_cents BIGINT NOT NULL,
  status VARCHAR(20) NOT NULL DEFAULT 'PENDING',
  provider_reference VARCHAR(64) NULL,
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id),
  CONSTRAINT fk_payment_order_id FOREIGN KEY (order_id) REFERENCES sales_order (id),
  CONSTRAINT fk_payment_method_code FOREIGN KEY (method_code) REFERENCES payment_method (code)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE payment_attempt (
  id BIGINT NOT NULL AUTO_INCREMENT,
  payment_id BIGINT NOT NULL,
  succeeded BOOLEAN NOT NULL,
  error_code VARCHAR(40) NULL,
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id),
  CONSTRAINT fk_payment_attempt_payment_id FOREIGN KEY (payment_id) REFERENCES payment (id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE payment_refund (
  id BIGINT NOT NULL AUTO_INCREMENT,
  payment_id BIGINT NOT NULL,
  amount_cents BIGINT NOT NULL,
  reason_code VARCHAR(20) NULL,
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id),
  CONSTRAINT fk_payment_refund_payment_id FOREIGN KEY (payment_id) REFERENCES payment (id) ON DELETE CASCADE,
  CONSTRAINT fk_payment_refund_reason_code FOREIGN KEY (reason_code) REFERENCES return_reason (code)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE payment_token (
  id BIGINT NOT NULL AUTO_INCREMENT,
  customer_id BIGINT NOT NULL,
  method_code VARCHAR(20) NOT NULL,
  token VARCHAR(80) NOT NULL,
  expires_on DATE NULL,
  PRIMARY KEY (id),
  CONSTRAINT fk_payment_token_customer_id FOREIGN KEY (customer_id) REFERENCES customer (id) ON DELETE CASCADE,
  CONSTRAINT fk_payment_token_method_code FOREIGN KEY (method_code) REFERENCES payment_method (code)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE chargeback (
  id BIGINT NOT NULL AUTO_INCREMENT,
  payment_id BIGINT NOT NULL,
  amount_cents BIGINT NOT NULL,
  status VARCHAR(20) NOT NULL DEFAULT 'OPEN',
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id),
  CONSTRAINT fk_chargeback_payment_id FOREIGN KEY (payment_id) REFERENCES payment (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE invoice (
  id BIGINT NOT NULL AUTO_INCREMENT,
  invoice_number VARCHAR(32) NOT NULL,
  order_id BIGINT NOT NULL,
  customer_id BIGINT NOT NULL,
  net_cents BIGINT NOT NULL DEFAULT 0,
  tax_cents BIGINT NOT NULL DEFAULT 0,
  total_cents BIGINT NOT NULL DEFAULT 0,
  issued_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  due_date DATE NOT NULL,
  paid_at TIMESTAMP NULL,
  PRIMARY KEY (id),
  UNIQUE KEY uk_invoice_number (invoice_number),
  CONSTRAINT fk_invoice_order_id FOREIGN KEY (order_id) REFERENCES sales_order (id),
  CONSTRAINT fk_invoice_customer_id FOREIGN KEY (customer_id) REFERENCES customer (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE invoice_line (
  id BIGINT NOT NULL AUTO_INCREMENT,
  invoice_id BIGINT NOT NULL,
  description VARCHAR(200) NOT NULL,
  quantity INT NOT NULL,
  unit_price_cents BIGINT NOT NULL,
  tax_rate_code VARCHAR(20) NOT NULL,
  line_total_cents BIGINT NOT NULL,
  PRIMARY KEY (id),
  CONSTRAINT fk_invoice_line_invoice_id FOREIGN KEY (invoice_id) REFERENCES invoice (id) ON DELETE CASCADE,
  CONSTRAINT fk_invoice_line_tax_rate_code FOREIGN KEY (tax_rate_code) REFERENCES tax_rate (code)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE tax_line (
  id BIGINT NOT NULL AUTO_INCREMENT,
  invoice_id BIGINT NOT NULL,
  tax_rate_code VARCHAR(20) NOT NULL,
  base_cents BIGINT NOT NULL,
  tax_cents BIGINT NOT NULL,
  PRIMARY KEY (id),
  CONSTRAINT fk_tax_line_invoice_id FOREIGN KEY (invoice_id) REFERENCES invoice (id) ON DELETE CASCADE,
  CONSTRAINT fk_tax_line_tax_rate_code FOREIGN KEY (tax_rate_code) REFERENCES tax_rate (code)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE credit_note (
  id BIGINT NOT NULL AUTO_INCREMENT,
  invoice_id BIGINT NOT NULL,
  note_number VARCHAR(32) NOT NULL,
  total_cents BIGINT NOT NULL,
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id),
  UNIQUE KEY uk_credit_note_number (note_number),
  CONSTRAINT fk_credit_note_invoice_id FOREIGN KEY (invoice_id) REFERENCES invoice (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE credit_note_line (
  id BIGINT NOT NULL AUTO_INCREMENT,
  credit_note_id BIGINT NOT NULL,
  description VARCHAR(200) NOT NULL,
  amount_cents BIGINT NOT NULL,
  PRIMARY KEY (id),
  CONSTRAINT fk_credit_note_line_credit_note_id FOREIGN KEY (credit_note_id) REFERENCES credit_note (id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE subscription_plan (
  id BIGINT NOT NULL AUTO_INCREMENT,
  name VARCHAR(120) NOT NULL,
  price_cents BIGINT NOT NULL,
  currency_code CHAR(3) NOT NULL,
  interval_months INT NOT NULL,
  PRIMARY KEY (id),
  CONSTRAINT fk_subscription_plan_currency_code FOREIGN KEY (currency_code) REFERENCES currency (code)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE subscription (
  id BIGINT NOT NULL AUTO_INCREMENT,
  customer_id BIGINT NOT NULL,
  plan_id BIGINT NOT NULL,
  status VARCHAR(20) NOT NULL DEFAULT 'ACTIVE',
  started_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  cancelled_at TIMESTAMP NULL,
  PRIMARY KEY (id),
  CONSTRAINT fk_subscription_customer_id FOREIGN KEY (customer_id) REFERENCES customer (id),
  CONSTRAINT fk_subscription_plan_id FOREIGN KEY (plan_id) REFERENCES subscription_plan (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE subscription_invoice (
  id BIGINT NOT NULL AUTO_INCREMENT,
  subscription_id BIGINT NOT NULL,
  invoice_id BIGINT NOT NULL,
  PRIMARY KEY (id),
  CONSTRAINT fk_subscription_invoice_subscription_id FOREIGN KEY (subscription_id) REFERENCES subscription (id) ON DELETE CASCADE,
  CONSTRAINT fk_subscription_invoice_invoice_id FOREIGN KEY (invoice_id) REFERENCES invoice (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE quote_request (
  id BIGINT NOT NULL AUTO_INCREMENT,
  customer_id BIGINT NOT NULL,
  status VARCHAR(20) NOT NULL DEFAULT 'OPEN',
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id),
  CONSTRAINT fk_quote_request_customer_id FOREIGN KEY (customer_id) REFERENCES customer (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE quote_line (
  id BIGINT NOT NULL AUTO_INCREMENT,
  quote_id BIGINT NOT NULL,
  product_id BIGINT NOT NULL,
  quantity INT NOT NULL,
  offered_price_cents BIGINT NULL,
  PRIMARY KEY (id),
  CONSTRAINT fk_quote_line_quote_id FOREIGN KEY (quote_id) REFERENCES quote_request (id) ON DELETE CASCADE,
  CONSTRAINT fk_quote_line_product_id FOREIGN KEY (product_id) REFERENCES product (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

