-- Customers, suppliers and the product catalog.

CREATE TABLE customer (
  id BIGINT NOT NULL AUTO_INCREMENT,
  email VARCHAR(190) NOT NULL,
  full_name VARCHAR(120) NOT NULL,
  country_code CHAR(2) NOT NULL,
  language_code VARCHAR(8) NOT NULL,
  is_active BOOLEAN NOT NULL DEFAULT TRUE,
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  updated_at TIMESTAMP NULL DEFAULT NULL,
  PRIMARY KEY (id),
  UNIQUE KEY uk_customer_email (email),
  CONSTRAINT fk_customer_country_code FOREIGN KEY (country_code) REFERENCES country (code),
  CONSTRAINT fk_customer_language_code FOREIGN KEY (language_code) REFERENCES language (code)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE customer_address (
  id BIGINT NOT NULL AUTO_INCREMENT,
  customer_id BIGINT NOT NULL,
  kind VARCHAR(10) NOT NULL DEFAULT 'SHIPPING',
  line1 VARCHAR(160) NOT NULL,
  line2 VARCHAR(160) NULL,
  city VARCHAR(80) NOT NULL,
  postal_code VARCHAR(16) NOT NULL,
  country_code CHAR(2) NOT NULL,
  is_default BOOLEAN NOT NULL DEFAULT FALSE,
  PRIMARY KEY (id),
  CONSTRAINT fk_customer_address_customer_id FOREIGN KEY (customer_id) REFERENCES customer (id) ON DELETE CASCADE,
  CONSTRAINT fk_customer_address_country_code FOREIGN KEY (country_code) REFERENCES country (code)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE customer_contact_preference (
  id BIGINT NOT NULL AUTO_INCREMENT,
  customer_id BIGINT NOT NULL,
  channel VARCHAR(16) NOT NULL,
  opted_in BOOLEAN NOT NULL,
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id),
  UNIQUE KEY uk_contact_pref (customer_id, channel),
  CONSTRAINT fk_customer_contact_preference_customer_id FOREIGN KEY (customer_id) REFERENCES customer (id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE customer_note (
  id BIGINT NOT NULL AUTO_INCREMENT,
  customer_id BIGINT NOT NULL,
  body TEXT NOT NULL,
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id),
  CONSTRAINT fk_customer_note_customer_id FOREIGN KEY (customer_id) REFERENCES customer (id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE customer_group (
  id BIGINT NOT NULL AUTO_INCREMENT,
  name VARCHAR(120) NOT NULL,
  discount_basis_points INT NOT NULL DEFAULT 0,
  PRIMARY KEY (id),
  UNIQUE KEY uk_customer_group_name (name)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE customer_group_member (
  id BIGINT NOT NULL AUTO_INCREMENT,
  group_id BIGINT NOT NULL,
  customer_id BIGINT NOT NULL,
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id),
  UNIQUE KEY uk_group_member (group_id, customer_id),
  CONSTRAINT fk_customer_group_member_group_id FOREIGN KEY (group_id) REFERENCES customer_group (id) ON DELETE CASCADE,
  CONSTRAINT fk_customer_group_member_customer_id FOREIGN KEY (customer_id) REFERENCES customer (id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE loyalty_account (
  id BIGINT NOT NULL AUTO_INCREMENT,
  customer_id BIGINT NOT NULL,
  points_balance INT NOT NULL DEFAULT 0,
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id),
  UNIQUE KEY uk_loyalty_customer (customer_id),
  CONSTRAINT fk_loyalty_account_customer_id FOREIGN KEY (customer_id) REFERENCES customer (id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE wishlist (
  id BIGINT NOT NULL AUTO_INCREMENT,
  customer_id BIGINT NOT NULL,
  name VARCHAR(120) NOT NULL,
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id),
  CONSTRAINT fk_wishlist_customer_id FOREIGN KEY (customer_id) REFERENCES customer (id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE customer_session (
  id BIGINT NOT NULL AUTO_INCREMENT,
  customer_id BIGINT NOT NULL,
  token_hash CHAR(64) NOT NULL,
  expires_at TIMESTAMP NOT NULL,
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id),
  CONSTRAINT fk_customer_session_customer_id FOREIGN KEY (customer_id) REFERENCES customer (id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE customer_consent (
  id BIGINT NOT NULL AUTO_INCREMENT,
  customer_id BIGINT NOT NULL,
  purpose VARCHAR(40) NOT NULL,
  granted BOOLEAN NOT NULL,
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id),
  CONSTRAINT fk_customer_consent_customer_id FOREIGN KEY (customer_id) REFERENCES customer (id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE supplier (
  id BIGINT NOT NULL AUTO_INCREMENT,
  name VARCHAR(120) NOT NULL,
  country_code CHAR(2) NOT NULL,
  vat_number VARCHAR(32) NULL,
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id),
  CONSTRAINT fk_supplier_country_code FOREIGN KEY (country_code) REFERENCES country (code)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE supplier_contact (
  id BIGINT NOT NULL AUTO_INCREMENT,
  supplier_id BIGINT NOT NULL,
  name VARCHAR(120) NOT NULL,
  email VARCHAR(190) NOT NULL,
  phone VARCHAR(32) NULL,
  PRIMARY KEY (id),
  CONSTRAINT fk_supplier_contact_supplier_id FOREIGN KEY (supplier_id) REFERENCES supplier (id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE supplier_address (
  id BIGINT NOT NULL AUTO_INCREMENT,
  supplier_id BIGINT NOT NULL,
  line1 VARCHAR(160) NOT NULL,
  city VARCHAR(80) NOT NULL,
  postal_code VARCHAR(16) NOT NULL,
  country_code CHAR(2) NOT NULL,
  PRIMARY KEY (id),
  CONSTRAINT fk_supplier_address_supplier_id FOREIGN KEY (supplier_id) REFERENCES supplier (id) ON DELETE CASCADE,
  CONSTRAINT fk_supplier_address_country_code FOREIGN KEY (country_code) REFERENCES country (code)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE brand (
  id BIGINT NOT NULL AUTO_INCREMENT,
  name VARCHAR(120) NOT NULL,
  website VARCHAR(255) NULL,
  PRIMARY KEY (id),
  UNIQUE KEY uk_brand_name (name)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE product_category (
  id BIGINT NOT NULL AUTO_INCREMENT,
  parent_id BIGINT NULL,
  name VARCHAR(120) NOT NULL,
  slug VARCHAR(120) NOT NULL,
  PRIMARY KEY (id),
  UNIQUE KEY uk_category_slug (slug),
  CONSTRAINT fk_product_category_parent_id FOREIGN KEY (parent_id) REFERENCES product_category (id) ON DELETE SET NULL
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE product (
  id BIGINT NOT NULL AUTO_INCREMENT,
  sku VARCHAR(40) NOT NULL,
  name VARCHAR(120) NOT NULL,
  category_id BIGINT NOT NULL,
  brand_id BIGINT NULL,
  price_cents BIGINT NOT NULL,
  currency_code CHAR(3) NOT NULL,
  tax_rate_code VARCHAR(20) NOT NULL,
  unit_code VARCHAR(10) NOT NULL,
  is_active BOOLEAN NOT NULL DEFAULT TRUE,
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  updated_at TIMESTAMP NULL DEFAULT NULL,
  PRIMARY KEY (id),
  UNIQUE KEY uk_product_sku (sku),
  CONSTRAINT ck_product_price CHECK (price_cents >= 0),
  CONSTRAINT fk_product_category_id FOREIGN KEY (category_id) REFERENCES product_category (id),
  CONSTRAINT fk_product_brand_id FOREIGN KEY (brand_id) REFERENCES brand (id),
  CONSTRAINT fk_product_currency_code FOREIGN KEY (currency_code) REFERENCES currency (code),
  CONSTRAINT fk_product_tax_rate_code FOREIGN KEY (tax_rate_code) REFERENCES tax_rate (code),
  CONSTRAINT fk_product_unit_code FOREIGN KEY (unit_code) REFERENCES unit_of_measure (code)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE product_variant (
  id BIGINT NOT NULL AUTO_INCREMENT,
  product_id BIGINT NOT NULL,
  sku VARCHAR(40) NOT NULL,
  label VARCHAR(80) NOT NULL,
  price_delta_cents BIGINT NOT NULL DEFAULT 0,
  PRIMARY KEY (id),
  UNIQUE KEY uk_variant_sku (sku),
  CONSTRAINT fk_product_variant_product_id FOREIGN KEY (product_id) REFERENCES product (id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE product_image (
  id BIGINT NOT NULL AUTO_INCREMENT,
  product_id BIGINT NOT NULL,
  url VARCHAR(255) NOT NULL,
  sort_order INT NOT NULL DEFAULT 0,
  PRIMARY KEY (id),
  CONSTRAINT fk_product_image_product_id FOREIGN KEY (product_id) REFERENCES product (id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE product_attribute (
  id BIGINT NOT NULL AUTO_INCREMENT,
  name VARCHAR(120) NOT NULL,
  PRIMARY KEY (id),
  UNIQUE KEY uk_attribute_name (name)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE product_attribute_value (
  id BIGINT NOT NULL AUTO_INCREMENT,
  product_id BIGINT NOT NULL,
  attribute_id BIGINT NOT NULL,
  attr_value VARCHAR(200) NOT NULL,
  PRIMARY KEY (id),
  CONSTRAINT fk_product_attribute_value_product_id FOREIGN KEY (product_id) REFERENCES product (id) ON DELETE CASCADE,
  CONSTRAINT fk_product_attribute_value_attribute_id FOREIGN KEY (attribute_id) REFERENCES product_attribute (id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE product_tag (
  id BIGINT NOT NULL AUTO_INCREMENT,
  name VARCHAR(120) NOT NULL,
  PRIMARY KEY (id),
  UNIQUE KEY uk_tag_name (name)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE product_tag_link (
  id BIGINT NOT NULL AUTO_INCREMENT,
  product_id BIGINT NOT NULL,
  tag_id BIGINT NOT NULL,
  PRIMARY KEY (id),
  UNIQUE KEY uk_tag_link (product_id, tag_id),
  CONSTRAINT fk_product_tag_link_product_id FOREIGN KEY (product_id) REFERENCES product (id) ON DELETE CASCADE,
  CONSTRAINT fk_product_tag_link_tag_id FOREIGN KEY (tag_id) REFERENCES product_tag (id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE product_review (
  id BIGINT NOT NULL AUTO_INCREMENT,
  product_id BIGINT NOT NULL,
  customer_id BIGINT NOT NULL,
  rating TINYINT NOT NULL,
  body TEXT NULL,
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id),
  CONSTRAINT ck_review_rating CHECK (rating BETWEEN 1 AND 5),
  CONSTRAINT fk_product_review_product_id FOREIGN KEY (product_id) REFERENCES product (id) ON DELETE CASCADE,
  CONSTRAINT fk_product_review_customer_id FOREIGN KEY (customer_id) REFERENCES customer (id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE review_vote (
  id BIGINT NOT NULL AUTO_INCREMENT,
  review_id BIGINT NOT NULL,
  customer_id BIGINT NOT NULL,
  helpful BOOLEAN NOT NULL,
  PRIMARY KEY (id),
  CONSTRAINT fk_review_vote_review_id FOREIGN KEY (review_id) REFERENCES product_review (id) ON DELETE CASCADE,
  CONSTRAINT fk_review_vote_customer_id FOREIGN KEY (customer_id) REFERENCES customer (id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE wishlist_item (
  id BIGINT NOT NULL AUTO_INCREMENT,
  wishlist_id BIGINT NOT NULL,
  product_id BIGINT NOT NULL,
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id),
  CONSTRAINT fk_wishlist_item_wishlist_id FOREIGN KEY (wishlist_id) REFERENCES wishlist (id) ON DELETE CASCADE,
  CONSTRAINT fk_wishlist_item_product_id FOREIGN KEY (product_id) REFERENCES product (id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE price_list (
  id BIGINT NOT NULL AUTO_INCREMENT,
  name VARCHAR(120) NOT NULL,
  currency_code CHAR(3) NOT NULL,
  valid_from DATE NOT NULL,
  valid_until DATE NULL,
  PRIMARY KEY (id),
  CONSTRAINT fk_price_list_currency_code FOREIGN KEY (currency_code) REFERENCES currency (code)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE price_list_item (
  id BIGINT NOT NULL AUTO_INCREMENT,
  price_list_id BIGINT NOT NULL,
  product_id BIGINT NOT NULL,
  price_cents BIGINT NOT NULL,
  PRIMARY KEY (id),
  CONSTRAINT fk_price_list_item_price_list_id FOREIGN KEY (price_list_id) REFERENCES price_list (id) ON DELETE CASCADE,
  CONSTRAINT fk_price_list_item_product_id FOREIGN KEY (product_id) REFERENCES product (id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE product_bundle (
  id BIGINT NOT NULL AUTO_INCREMENT,
  name VARCHAR(120) NOT NULL,
  price_cents BIGINT NOT NULL,
  created_at TIMESTAMP NOT NULL DEFAULT CURRENT_TIMESTAMP,
  PRIMARY KEY (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE product_bundle_item (
  id BIGINT NOT NULL AUTO_INCREMENT,
  bundle_id BIGINT NOT NULL,
  product_id BIGINT NOT NULL,
  quantity INT NOT NULL,
  PRIMARY KEY (id),
  CONSTRAINT fk_product_bundle_item_bundle_id FOREIGN KEY (bundle_id) REFERENCES product_bundle (id) ON DELETE CASCADE,
  CONSTRAINT fk_product_bundle_item_product_id FOREIGN KEY (product_id) REFERENCES product (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE product_supplier (
  id BIGINT NOT NULL AUTO_INCREMENT,
  product_id BIGINT NOT NULL,
  supplier_id BIGINT NOT NULL,
  supplier_sku VARCHAR(40) NOT NULL,
  cost_cents BIGINT NOT NULL,
  lead_time_days INT NOT NULL DEFAULT 7,
  PRIMARY KEY (id),
  CONSTRAINT fk_product_supplier_product_id FOREIGN KEY (product_id) REFERENCES product (id) ON DELETE CASCADE,
  CONSTRAINT fk_product_supplier_supplier_id FOREIGN KEY (supplier_id) REFERENCES supplier (id)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE product_translation (
  id BIGINT NOT NULL AUTO_INCREMENT,
  product_id BIGINT NOT NULL,
  language_code VARCHAR(8) NOT NULL,
  name VARCHAR(120) NOT NULL,
  body TEXT NULL,
  PRIMARY KEY (id),
  CONSTRAINT fk_product_translation_product_id FOREIGN KEY (product_id) REFERENCES product (id) ON DELETE CASCADE,
  CONSTRAINT fk_product_translation_language_code FOREIGN KEY (language_code) REFERENCES language (code)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE category_translation (
  id BIGINT NOT NULL AUTO_INCREMENT,
  category_id BIGINT NOT NULL,
  language_code VARCHAR(8) NOT NULL,
  name VARCHAR(120) NOT NULL,
  PRIMARY KEY (id),
  CONSTRAINT fk_category_translation_category_id FOREIGN KEY (category_id) REFERENCES product_category (id) ON DELETE CASCADE,
  CONSTRAINT fk_category_translation_language_code FOREIGN KEY (language_code) REFERENCES language (code)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

CREATE TABLE product_related (
  id BIGINT NOT NULL AUTO_INCREMENT,
  product_id BIGINT NOT NULL,
  related_product_id BIGINT NOT NULL,
  relation VARCHAR(20) NOT NULL DEFAULT 'SIMILAR',
  PRIMARY KEY (id),
  CONSTRAINT fk_product_related_product_id FOREIGN KEY (product_id) REFERENCES product (id) ON DELETE CASCADE,
  CONSTRAINT fk_product_related_related_product_id FOREIGN KEY (related_product_id) REFERENCES product (id) ON DELETE CASCADE
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

