CREATE TABLE "buyer_records" (
	"buyer_id" uuid PRIMARY KEY NOT NULL,
	"orders_paid" integer NOT NULL,
	"paid_on_time" integer NOT NULL,
	"defaults" integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE "buyer_records" ADD CONSTRAINT "buyer_records_buyer_id_buyers_account_id_fk" FOREIGN KEY ("buyer_id") REFERENCES "public"."buyers"("account_id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
-- Each change of an order moves its buyer's record by what the change adds or takes away: paid,
-- paid by the buyer (not charged at the deadline), canceled for default. An order's buyer never
-- changes; were it to, the old buyer loses what the new one gains. Nothing moved writes nothing.
CREATE FUNCTION "sm_follow_buyer_record"() RETURNS trigger LANGUAGE plpgsql AS $$
declare
  v_old_paid integer := 0;
  v_old_on_time integer := 0;
  v_old_default integer := 0;
  v_new_paid integer := 0;
  v_new_on_time integer := 0;
  v_new_default integer := 0;
begin
  if tg_op <> 'INSERT' then
    v_old_paid := case when old.paid_at is not null then 1 else 0 end;
    v_old_on_time := case when old.paid_at is not null and not old.charged_at_deadline then 1 else 0 end;
    v_old_default := case when old.cancel_reason = 'default' then 1 else 0 end;
  end if;
  if tg_op <> 'DELETE' then
    v_new_paid := case when new.paid_at is not null then 1 else 0 end;
    v_new_on_time := case when new.paid_at is not null and not new.charged_at_deadline then 1 else 0 end;
    v_new_default := case when new.cancel_reason = 'default' then 1 else 0 end;
  end if;
  if tg_op = 'UPDATE' and old.buyer_id is distinct from new.buyer_id then
    perform sm_move_buyer_record(old.buyer_id, -v_old_paid, -v_old_on_time, -v_old_default);
    perform sm_move_buyer_record(new.buyer_id, v_new_paid, v_new_on_time, v_new_default);
  elsif tg_op = 'DELETE' then
    perform sm_move_buyer_record(old.buyer_id, -v_old_paid, -v_old_on_time, -v_old_default);
  else
    perform sm_move_buyer_record(new.buyer_id, v_new_paid - v_old_paid,
      v_new_on_time - v_old_on_time, v_new_default - v_old_default);
  end if;
  return null;
end;
$$;--> statement-breakpoint
CREATE FUNCTION "sm_move_buyer_record"(
  "p_buyer" uuid, "p_paid" integer, "p_on_time" integer, "p_default" integer
) RETURNS void LANGUAGE plpgsql AS $$
begin
  if p_paid = 0 and p_on_time = 0 and p_default = 0 then
    return;
  end if;
  insert into buyer_records as r (buyer_id, orders_paid, paid_on_time, defaults)
    values (p_buyer, p_paid, p_on_time, p_default)
    on conflict (buyer_id) do update set orders_paid = r.orders_paid + excluded.orders_paid,
      paid_on_time = r.paid_on_time + excluded.paid_on_time,
      defaults = r.defaults + excluded.defaults;
end;
$$;--> statement-breakpoint
-- Only the columns the record reads: the status, payout and other moves of an order skip it.
CREATE TRIGGER "orders_follow_buyer_record"
  AFTER INSERT OR DELETE OR UPDATE OF paid_at, charged_at_deadline, cancel_reason, buyer_id
  ON "orders" FOR EACH ROW EXECUTE FUNCTION sm_follow_buyer_record();--> statement-breakpoint
-- The records of the orders there are already.
INSERT INTO buyer_records (buyer_id, orders_paid, paid_on_time, defaults)
  SELECT buyer_id, count(*) filter (where paid_at is not null),
      count(*) filter (where paid_at is not null and not charged_at_deadline),
      count(*) filter (where cancel_reason = 'default')
    FROM orders GROUP BY buyer_id;
