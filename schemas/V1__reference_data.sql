-- Reference data: codes the shop reads and only administrators change.

CREATE TABLE currency (
  code CHAR(3) NOT NULL,
  name VARCHAR(60) NOT NULL,
  minor_units TINYINT NOT NULL,
  PRIMARY KEY (code)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

INSERT INTO currency (code, name, minor_units) VALUES
  ('EUR', 'Euro', 2),
  ('USD', 'US dollar', 2),
  ('GBP', 'Pound sterling', 2),
  ('CHF', 'Swiss franc', 2),
  ('JPY', 'Yen', 0),
  ('SEK', 'Swedish krona', 2);

CREATE TABLE country (
  code CHAR(2) NOT NULL,
  name VARCHAR(120) NOT NULL,
  currency_code CHAR(3) NOT NULL,
  PRIMARY KEY (code),
  CONSTRAINT fk_country_currency_code FOREIGN KEY (currency_code) REFERENCES currency (code)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

INSERT INTO country (code, name, currency_code) VALUES
  ('DE', 'Germany', 'EUR'),
  ('FR', 'France', 'EUR'),
  ('NL', 'Netherlands', 'EUR'),
  ('AT', 'Austria', 'EUR'),
  ('CH', 'Switzerland', 'CHF'),
  ('GB', 'United Kingdom', 'GBP'),
  ('US', 'United States', 'USD'),
  ('SE', 'Sweden', 'SEK'),
  ('JP', 'Japan', 'JPY'),
  ('IT', 'Italy', 'EUR');

CREATE TABLE language (
  code VARCHAR(8) NOT NULL,
  name VARCHAR(60) NOT NULL,
  PRIMARY KEY (code)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

INSERT INTO language (code, name) VALUES
  ('de', 'Deutsch'),
  ('en', 'English'),
  ('fr', 'Français'),
  ('nl', 'Nederlands'),
  ('sv', 'Svenska'),
  ('ja', '日本語'),
  ('it', 'Italiano');

CREATE TABLE order_status (
  code VARCHAR(20) NOT NULL,
  description VARCHAR(200) NOT NULL,
  is_final BOOLEAN NOT NULL,
  sort_order INT NOT NULL,
  PRIMARY KEY (code)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

INSERT INTO order_status (code, description, is_final, sort_order) VALUES
  ('NEW', 'Placed, not yet paid', FALSE, 1),
  ('PAID', 'Paid, waiting for fulfilment', FALSE, 2),
  ('PICKING', 'Being picked in a warehouse', FALSE, 3),
  ('SHIPPED', 'Handed to the carrier', FALSE, 4),
  ('DELIVERED', 'Delivered to the customer', TRUE, 5),
  ('CANCELLED', 'Cancelled before shipping', TRUE, 6),
  ('RETURNED', 'Returned in full', TRUE, 7);

CREATE TABLE payment_method (
  code VARCHAR(20) NOT NULL,
  description VARCHAR(200) NOT NULL,
  is_card BOOLEAN NOT NULL,
  PRIMARY KEY (code)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

INSERT INTO payment_method (code, description, is_card) VALUES
  ('CARD', 'Credit or debit card', TRUE),
  ('PAYPAL', 'PayPal', FALSE),
  ('INVOICE', 'Pay by invoice', FALSE),
  ('GIFT_CARD', 'Gift card', FALSE),
  ('BANK_TRANSFER', 'Bank transfer', FALSE);

CREATE TABLE shipping_carrier (
  code VARCHAR(20) NOT NULL,
  name VARCHAR(120) NOT NULL,
  tracking_url_template VARCHAR(255) NOT NULL,
  PRIMARY KEY (code)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

INSERT INTO shipping_carrier (code, name, tracking_url_template) VALUES
  ('DHL', 'DHL Parcel', 'https://track.example/dhl/{n}'),
  ('UPS', 'UPS Standard', 'https://track.example/ups/{n}'),
  ('POST', 'National post', 'https://track.example/post/{n}'),
  ('PICKUP', 'Store pickup', 'none');

CREATE TABLE tax_rate (
  code VARCHAR(20) NOT NULL,
  country_code CHAR(2) NOT NULL,
  rate_basis_points INT NOT NULL,
  description VARCHAR(200) NOT NULL,
  PRIMARY KEY (code),
  CONSTRAINT fk_tax_rate_country_code FOREIGN KEY (country_code) REFERENCES country (code)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

INSERT INTO tax_rate (code, country_code, rate_basis_points, description) VALUES
  ('DE_STD', 'DE', 1900, 'Germany standard'),
  ('DE_RED', 'DE', 700, 'Germany reduced'),
  ('FR_STD', 'FR', 2000, 'France standard'),
  ('GB_STD', 'GB', 2000, 'UK standard'),
  ('US_NONE', 'US', 0, 'US, collected by state'),
  ('CH_STD', 'CH', 810, 'Switzerland standard');

CREATE TABLE unit_of_measure (
  code VARCHAR(10) NOT NULL,
  description VARCHAR(200) NOT NULL,
  PRIMARY KEY (code)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

INSERT INTO unit_of_measure (code, description) VALUES
  ('PCS', 'Pieces'),
  ('KG', 'Kilogram'),
  ('M', 'Metre'),
  ('L', 'Litre'),
  ('PACK', 'Pack');

CREATE TABLE ticket_priority (
  code VARCHAR(10) NOT NULL,
  description VARCHAR(200) NOT NULL,
  response_hours INT NOT NULL,
  PRIMARY KEY (code)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

INSERT INTO ticket_priority (code, description, response_hours) VALUES
  ('LOW', 'Answer within a week', 168),
  ('NORMAL', 'Answer within two days', 48),
  ('HIGH', 'Answer the same day', 8),
  ('URGENT', 'Answer within the hour', 1);

CREATE TABLE return_reason (
  code VARCHAR(20) NOT NULL,
  description VARCHAR(200) NOT NULL,
  restock BOOLEAN NOT NULL,
  PRIMARY KEY (code)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

INSERT INTO return_reason (code, description, restock) VALUES
  ('DAMAGED', 'Arrived damaged', FALSE),
  ('WRONG_ITEM', 'Wrong item sent', TRUE),
  ('NOT_AS_DESCRIBED', 'Not as described', TRUE),
  ('CHANGED_MIND', 'Changed mind', TRUE),
  ('LATE', 'Arrived too late', TRUE);

CREATE TABLE employee_role (
  code VARCHAR(20) NOT NULL,
  description VARCHAR(200) NOT NULL,
  PRIMARY KEY (code)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

INSERT INTO employee_role (code, description) VALUES
  ('AGENT', 'Customer support agent'),
  ('PICKER', 'Warehouse picker'),
  ('BUYER', 'Purchasing'),
  ('MANAGER', 'Team manager'),
  ('ADMIN', 'Shop administrator');

CREATE TABLE document_type (
  code VARCHAR(20) NOT NULL,
  description VARCHAR(200) NOT NULL,
  PRIMARY KEY (code)
) ENGINE=InnoDB DEFAULT CHARSET=utf8mb4;

INSERT INTO document_type (code, description) VALUES
  ('INVOICE', 'Customer invoice'),
  ('CREDIT_NOTE', 'Credit note'),
  ('PACKING_SLIP', 'Packing slip'),
  ('RETURN_LABEL', 'Return label'),
  ('PO', 'Purchase order');

